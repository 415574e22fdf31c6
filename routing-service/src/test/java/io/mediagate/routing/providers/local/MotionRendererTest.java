package io.mediagate.routing.providers.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MotionRendererTest {
    static Ffmpeg ffmpeg;
    @TempDir
    Path dir;

    @BeforeAll
    static void locate() {
        ffmpeg = Ffmpeg.locate();
    }

    private byte[] text(String prompt, long seed, String name) throws Exception {
        Path out = dir.resolve(name);
        ffmpeg.run(MotionRenderer.fromText(MotionSpec.of(prompt, seed, "drift"), 320, 180, 1.5, out), Duration.ofSeconds(60));
        return Files.readAllBytes(out);
    }

    @Test
    void theSamePromptAndSeedGiveTheSameClipAndAnythingElseAnother() throws Exception {
        byte[] first = text("a fox in snow", 7, "a.mp4");
        byte[] again = text("a fox in snow", 7, "b.mp4");
        assertArrayEquals(first, again);
        assertFalse(Arrays.equals(first, text("a fox in rain", 7, "c.mp4")));
        assertFalse(Arrays.equals(first, text("a fox in snow", 8, "d.mp4")));
    }

    @Test
    void aClipHasExactlyTheRequestedSizeAndFrames() throws Exception {
        text("timing", 0, "t.mp4");
        Probe p = ffmpeg.probe(dir.resolve("t.mp4"), Duration.ofSeconds(30));
        assertEquals(320, p.video().orElseThrow().width());
        assertEquals(180, p.video().orElseThrow().height());
        assertEquals(36, p.video().orElseThrow().frames(), "1.5 s at 24 frames per second");
        assertEquals("yuv420p", p.video().orElseThrow().pixelFormat());
    }

    @Test
    void anImageIsAnimatedAndAVideoReRenderedAtTheRequestedSizeAndLength() throws Exception {
        Path image = dir.resolve("in.png");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=400x300", "-frames:v", "1", image.toString()),
                Duration.ofSeconds(30));
        Path fromImage = dir.resolve("img.mp4");
        ffmpeg.run(MotionRenderer.fromImage(image, 256, 144, 1, fromImage), Duration.ofSeconds(60));
        Probe p = ffmpeg.probe(fromImage, Duration.ofSeconds(30));
        assertEquals(256, p.video().orElseThrow().width());
        assertEquals(24, p.video().orElseThrow().frames());

        Path variation = dir.resolve("var.mp4");
        ffmpeg.run(MotionRenderer.fromVideo(MotionSpec.of("autumn", 0, "drift"), fromImage, 320, 180, 2, variation),
                Duration.ofSeconds(60));
        Probe v = ffmpeg.probe(variation, Duration.ofSeconds(30));
        assertEquals(320, v.video().orElseThrow().width());
        assertEquals(48, v.video().orElseThrow().frames(), "a short source is looped to the requested length");
    }

    /** The colour of frame {@code index} of {@code video}, averaged to one pixel: {r, g, b}. */
    private int[] colourOf(Path video, int index) throws Exception {
        Path pixel = dir.resolve("pixel-" + index + ".rgb");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", video.toString(), "-vf", "select=eq(n\\," + index + "),scale=1:1",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", pixel.toString()), Duration.ofSeconds(30));
        byte[] rgb = Files.readAllBytes(pixel);
        return new int[] {rgb[0] & 0xff, rgb[1] & 0xff, rgb[2] & 0xff};
    }

    private Path solid(String colour) throws Exception {
        Path image = dir.resolve(colour + ".png");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "color=c=" + colour + ":s=200x120", "-frames:v", "1", image.toString()),
                Duration.ofSeconds(30));
        return image;
    }

    @Test
    void referencePicturesAreShownInTurnFromTheFirstToTheLast() throws Exception {
        Path clip = dir.resolve("refs.mp4");
        ffmpeg.run(MotionRenderer.fromPictures(List.of(solid("red"), solid("lime"), solid("blue")), 160, 160, 2, clip),
                Duration.ofSeconds(60));
        Probe p = ffmpeg.probe(clip, Duration.ofSeconds(30));
        assertEquals(160, p.video().orElseThrow().width());
        assertEquals(48, p.video().orElseThrow().frames());
        int[] first = colourOf(clip, 0);
        int[] middle = colourOf(clip, 18); // 0.75 s: the end of the first fade (each 0.75 s), the second picture whole
        int[] last = colourOf(clip, 47);
        assertTrue(first[0] > 200 && first[1] < 60 && first[2] < 60, Arrays.toString(first));
        assertTrue(middle[1] > 200 && middle[0] < 60 && middle[2] < 60, Arrays.toString(middle));
        assertTrue(last[2] > 200 && last[0] < 60 && last[1] < 60, Arrays.toString(last));
    }
}
