package io.mediagate.ffmpeg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FfmpegTest {
    static Ffmpeg ffmpeg;

    @BeforeAll
    static void locate() {
        ffmpeg = Ffmpeg.locate();
    }

    @Test
    void makesAClipThatProbeReadsBack(@TempDir Path dir) {
        Path clip = dir.resolve("clip.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=24", "-t", "2",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.toString()), Duration.ofSeconds(60));
        Probe probe = ffmpeg.probe(clip, Duration.ofSeconds(30));
        Probe.Stream video = probe.video().orElseThrow();
        assertEquals("h264", video.codec());
        assertEquals(320, video.width());
        assertEquals(240, video.height());
        assertEquals(48, video.frames());
        assertEquals(2.0, probe.durationSeconds(), 0.05);
        assertTrue(probe.formatName().contains("mp4"));
    }

    @Test
    void aFailureCarriesWhatFfmpegSaid(@TempDir Path dir) {
        FfmpegException e = assertThrows(FfmpegException.class, () -> ffmpeg.run(
                List.of("-v", "error", "-i", dir.resolve("missing.mp4").toString(), dir.resolve("out.mp4").toString()),
                Duration.ofSeconds(30)));
        assertTrue(e.getMessage().contains("missing.mp4"), e.getMessage());
        assertTrue(!e.timedOut());
    }

    @Test
    void aRunPastItsDeadlineIsStopped() {
        long start = System.nanoTime();
        FfmpegException e = assertThrows(FfmpegException.class, () -> ffmpeg.run(
                List.of("-v", "error", "-re", "-f", "lavfi", "-i", "testsrc2=s=64x64:r=10", "-t", "600", "-f", "null", "-"),
                Duration.ofSeconds(1)));
        assertTrue(e.timedOut());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 20);
    }

    @Test
    void aConfiguredProgramThatIsMissingIsReportedByName() {
        FfmpegException e = assertThrows(FfmpegException.class,
                () -> Ffmpeg.locate(java.util.Map.of("MEDIAGATE_FFMPEG", "/nonexistent/ffmpeg")));
        assertTrue(e.getMessage().contains("/nonexistent/ffmpeg"), e.getMessage());
    }
}
