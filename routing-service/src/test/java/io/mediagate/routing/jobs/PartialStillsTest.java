package io.mediagate.routing.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.events.PartialImage;
import io.mediagate.testing.TestImages;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Partial images as a provider could hand them over: not images at all, images whose headers lie, repeated indexes, more
 * than were asked for. Only real images among those asked for reach the job's stream and its previews.
 */
class PartialStillsTest {
    private static byte[] pngClaiming(int width, int height) {
        byte[] png = TestImages.png(4, 4);
        ByteBuffer.wrap(png).putInt(16, width).putInt(20, height);
        return png;
    }

    @Test
    void onlyImagesWhoseHeadersReadAreStills() {
        assertEquals(Optional.of("image/png"), Stills.checked(TestImages.png(16, 8)));
        assertEquals(Optional.of("image/jpeg"), Stills.checked(TestImages.jpeg(16, 8)));
        assertEquals(Optional.of("image/webp"), Stills.checked(TestImages.webp(16, 8, 0xFF00FF00)));
        List<byte[]> bad = List.of(new byte[0], "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8),
                Arrays.copyOf(TestImages.png(16, 8), 20), pngClaiming(0, 10), pngClaiming(100_000, 10), pngClaiming(-1, -1),
                new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "GIF89a".getBytes(StandardCharsets.US_ASCII),
                new byte[JobPreviews.MAX_BYTES + 1]);
        for (byte[] image : bad) {
            assertTrue(Stills.checked(image).isEmpty(), image.length + " bytes");
        }
        byte[] mp4 = new byte[64];
        System.arraycopy("ftypisom".getBytes(StandardCharsets.US_ASCII), 0, mp4, 4, 8);
        assertTrue(Stills.checked(mp4).isEmpty(), "a video is not a still");
    }

    @Test
    void aJobPassesOnOnlyTheRealPartialsItAskedForEachOnce() {
        List<PartialImage> sent = new ArrayList<>();
        JobControl control = new JobControl(null, "job_1", 2, sent::add);
        control.partial(0, "not an image".getBytes(StandardCharsets.UTF_8), "image/png");
        control.partial(0, TestImages.png(8, 8), "image/png"); // index 0 was taken by the bad one: not heard again
        control.partial(1, TestImages.jpeg(8, 8), "image/png");
        control.partial(1, TestImages.png(8, 8), "image/png");
        control.partial(2, TestImages.png(8, 8), "image/png");
        control.partial(-1, TestImages.png(8, 8), "image/png");
        control.partial(63, TestImages.png(8, 8), "image/png");
        control.partial(64, TestImages.png(8, 8), "image/png");
        assertEquals(1, sent.size(), sent.toString());
        assertEquals(1, sent.getFirst().index());
        assertEquals("image/jpeg", sent.getFirst().mime(), "the type its bytes show, not the one it was said to be");
    }
}
