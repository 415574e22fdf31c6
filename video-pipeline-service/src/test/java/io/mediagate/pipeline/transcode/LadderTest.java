package io.mediagate.pipeline.transcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.pipeline.thumbnail.Stills;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ladder's one decode, with real ffmpeg: when it also takes the stills, they are the very poster and strip the
 * thumbnail stage takes from the video on its own (a seek to a third of the way in; five frames spread over it).
 */
class LadderTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static Ffmpeg ffmpeg;
    @TempDir
    Path dir;

    @BeforeAll
    static void locate() {
        ffmpeg = Ffmpeg.locate();
    }

    /** The MD5 of a still's decoded pixels. */
    private String pixels(Path still) throws Exception {
        Path md5 = dir.resolve(still.getFileName() + ".md5");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", still.toString(), "-f", "md5", md5.toString()), MINUTE);
        return Files.readString(md5).trim();
    }

    private Path run(List<String> args, Path out) {
        ffmpeg.run(args, MINUTE);
        return out;
    }

    @Test
    void theStillsOfTheLaddersDecodeAreThePosterAndStripTheThumbnailStageWouldTake() throws Exception {
        // Three seconds whose frames all differ (testsrc2 draws a moving pattern and a frame counter), one keyframe.
        Path source = dir.resolve("provider.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=24", "-frames:v", "72",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", source.toString()), MINUTE);
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("stills"));
        Ladder.StillsOf stills = new Ladder.StillsOf(3.0, out.resolve("stills"));

        ffmpeg.run(Ladder.withStills(source, Size.of(VideoSize.P720), false, out, stills), MINUTE);

        assertFalse(Files.exists(out.resolve("720p.mp4")), "the main rendition is the source remuxed, not encoded here");
        assertTrue(Files.size(out.resolve("480p.mp4")) > 0 && Files.size(out.resolve("720p.webm")) > 0, "the rest of the ladder");
        byte[] poster = Files.readAllBytes(stills.poster());
        assertEquals("image/webp", ContentSniffer.mime(poster).orElse(""));
        assertEquals(1280, ContentSniffer.dimensions(poster).orElseThrow().width(), "the poster is at the video's size");
        byte[] strip = Files.readAllBytes(stills.strip());
        assertEquals(Stills.STRIP_FRAMES * 320, ContentSniffer.dimensions(strip).orElseThrow().width(), "five frames side by side");
        assertEquals(180, ContentSniffer.dimensions(strip).orElseThrow().height());

        // The thumbnail stage's own way, from the video: a seek to a third of the way in, and the strip filter on every frame.
        List<String> seek = new ArrayList<>(List.of("-v", "error", "-y", "-ss", String.format(Locale.ROOT, "%.3f", 1.0), "-i", source.toString()));
        seek.addAll(Stills.posterOutput(dir.resolve("poster.webp")));
        Path seeked = run(seek, dir.resolve("poster.webp"));
        List<String> filtered = new ArrayList<>(List.of("-v", "error", "-y", "-i", source.toString(), "-vf", "fps=1.666667,scale=320:-2,tile=5x1"));
        filtered.addAll(Stills.stripOutput(dir.resolve("strip.webp")));
        Path stripped = run(filtered, dir.resolve("strip.webp"));
        assertEquals(pixels(seeked), pixels(stills.poster()), "the same frame as the seek takes");
        assertEquals(pixels(stripped), pixels(stills.strip()), "the same five frames");

        // And not any frame: the first one differs.
        List<String> first = new ArrayList<>(List.of("-v", "error", "-y", "-i", source.toString()));
        first.addAll(Stills.posterOutput(dir.resolve("first.webp")));
        assertNotEquals(pixels(run(first, dir.resolve("first.webp"))), pixels(stills.poster()));
    }

    /** The video frame of {@code file}, as ffprobe reads it: {@code WxH}. */
    private static String frame(Path file) {
        var video = ffmpeg.probe(file, MINUTE).video().orElseThrow();
        return video.width() + "x" + video.height();
    }

    @Test
    void aPortraitVideosLadderIsPortraitAtEveryRung() throws Exception {
        Path source = dir.resolve("portrait.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=720x1280:r=24", "-frames:v", "24",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", source.toString()), MINUTE);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Size top = Size.video("720p", 720, 1280).orElseThrow();

        ffmpeg.run(Ladder.command(source, top, false, out, true), MINUTE);

        assertEquals("720x1280", frame(out.resolve("720p.mp4")));
        assertEquals("480x854", frame(out.resolve("480p.mp4")), "the smaller rung at the same ratio, sides even");
        assertEquals("720x1280", frame(out.resolve("720p.webm")));
    }

    @Test
    void aLandscapeSourceInASquareFrameIsFittedWithBarsNotStretched() throws Exception {
        Path source = dir.resolve("wide.mp4");
        // white picture: bars (black) are what the fit adds
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "color=c=white:s=1280x720:r=24", "-frames:v", "12",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", source.toString()), MINUTE);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Size top = Size.video("480p", 480, 480).orElseThrow();

        ffmpeg.run(Ladder.main(source, top, false, out), MINUTE);

        assertEquals("480x480", frame(out.resolve("480p.mp4")));
        Path corner = dir.resolve("corner.gray");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", out.resolve("480p.mp4").toString(), "-frames:v", "1", "-vf", "crop=8:8:0:0",
                "-f", "rawvideo", "-pix_fmt", "gray", corner.toString()), MINUTE);
        Path middle = dir.resolve("middle.gray");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", out.resolve("480p.mp4").toString(), "-frames:v", "1", "-vf", "crop=8:8:236:236",
                "-f", "rawvideo", "-pix_fmt", "gray", middle.toString()), MINUTE);
        assertTrue(Byte.toUnsignedInt(Files.readAllBytes(corner)[0]) < 40, "a bar above the picture");
        assertTrue(Byte.toUnsignedInt(Files.readAllBytes(middle)[0]) > 200, "the picture in the middle");
    }
}
