package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.events.FailureClass;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.testing.TestImages;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A provider's upscale by a factor of its own made exactly the size asked; one already that size kept as it came. */
class PictureScalerTest {
    private final PictureScaler scaler = new PictureScaler(Ffmpeg::locate);

    @Test
    void aPictureOfAnotherSizeIsMadeThatSizeAndOneOfThatSizeIsKept() {
        GeneratedImage fourTimes = new GeneratedImage(TestImages.png(128, 96), "image/png", null);
        GeneratedImage exact = new GeneratedImage(TestImages.png(64, 48), "image/png", null);
        List<GeneratedImage> fitted = scaler.fitted(List.of(fourTimes, exact), 64, 48);
        assertEquals(new ContentSniffer.Dimensions(64, 48), ContentSniffer.dimensions(fitted.get(0).bytes()).orElseThrow());
        assertEquals("image/png", fitted.get(0).mime());
        assertSame(exact, fitted.get(1));
    }

    @Test
    void aProviderPictureDeclaringAHugeFrameFailsTheAttemptUndecoded() {
        PictureScaler noFfmpeg = new PictureScaler(() -> {
            throw new AssertionError("nothing is decoded");
        });
        GeneratedImage hostile = new GeneratedImage(TestImages.pngHeaderOnly(40_000, 40_000), "image/png", null);
        ProviderException failed = assertThrows(ProviderException.class, () -> noFfmpeg.fitted(List.of(hostile), 64, 48));
        assertEquals(FailureClass.TRANSIENT, failed.failure(), "the provider's failure: the next offer is tried");
        assertThrows(ProviderException.class, () -> noFfmpeg.fitted(List.of(new GeneratedImage(new byte[] {1, 2, 3}, "image/png", null)), 64, 48));
    }
}
