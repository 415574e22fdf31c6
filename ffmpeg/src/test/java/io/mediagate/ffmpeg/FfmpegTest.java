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

    /** A run asked for its progress is told the seconds written as it goes, never going back, up to the clip's length. */
    @Test
    void aRunTellsHowFarItHasWritten(@TempDir Path dir) {
        List<Double> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30", "-t", "6", "-c:v", "libx264",
                "-preset", "slow", "-pix_fmt", "yuv420p", dir.resolve("clip.mp4").toString()), Duration.ofSeconds(120), told::add);
        assertTrue(told.size() >= 2, "told more than once: " + told);
        assertEquals(told.stream().sorted().toList(), told, "never going back");
        assertEquals(6.0, told.getLast(), 0.1, "the whole clip by the end");
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
