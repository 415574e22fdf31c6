package io.mediagate.routing.imaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** Conversion with the real ffmpeg, checked on the decoded result. */
class ImageEncoderTest {
    private static final int HALF_BLUE = 0x80285AC8;
    private final ImageEncoder encoder = new ImageEncoder(Ffmpeg::locate);

    private BufferedImage toPng(byte[] image) {
        return TestImages.decode(encoder.encode(image, new ImageEncoder.Target(Format.PNG, null, false)));
    }

    @Test
    void aWebpMadeFromATransparentPngKeepsItsAlpha() {
        byte[] webp = encoder.encode(TestImages.pngOf(40, 30, 0x00000000), new ImageEncoder.Target(Format.WEBP, 80, false));
        assertEquals("image/webp", ContentSniffer.mime(webp).orElseThrow());
        assertEquals(new ContentSniffer.Dimensions(40, 30), ContentSniffer.dimensions(webp).orElseThrow());
        assertTrue(ImageEncoder.mayHaveAlpha(webp));
        assertEquals(0, toPng(webp).getRGB(10, 10) >>> 24);
    }

    @Test
    void aJpegOrAnOpaqueImageIsFlattenedOntoWhite() {
        byte[] transparent = TestImages.pngOf(40, 30, 0x00000000);
        BufferedImage jpeg = TestImages.decode(encoder.encode(transparent, new ImageEncoder.Target(Format.JPEG, 90, false)));
        assertTrue((jpeg.getRGB(10, 10) & 0xFF) > 240, "white where it was transparent, not black");
        byte[] opaque = encoder.encode(TestImages.pngOf(40, 30, HALF_BLUE), new ImageEncoder.Target(Format.PNG, null, true));
        assertFalse(ImageEncoder.mayHaveAlpha(opaque));
        BufferedImage flat = TestImages.decode(opaque);
        assertFalse(flat.getColorModel().hasAlpha());
        int blue = flat.getRGB(10, 10) & 0xFF;
        assertTrue(blue > 0xC8 && blue < 0xFF, "half blue over white: " + Integer.toHexString(flat.getRGB(10, 10)));
    }

    @Test
    void theHeaderTellsWhetherAnImageMayBeTransparent() {
        assertTrue(ImageEncoder.mayHaveAlpha(TestImages.pngOf(8, 8, HALF_BLUE)));
        assertFalse(ImageEncoder.mayHaveAlpha(TestImages.png(8, 8)));
        assertTrue(ImageEncoder.mayHaveAlpha(TestImages.webp(8, 8, HALF_BLUE)));
        assertFalse(ImageEncoder.mayHaveAlpha(TestImages.webp(8, 8, 0xFF285AC8)));
        assertFalse(ImageEncoder.mayHaveAlpha(TestImages.jpeg(8, 8)));
    }

    @Test
    void theHandWrittenTestWebpIsReadByFfmpeg() {
        BufferedImage back = toPng(TestImages.webp(33, 17, HALF_BLUE));
        assertEquals(33, back.getWidth());
        assertEquals(HALF_BLUE, back.getRGB(32, 16));
    }
}
