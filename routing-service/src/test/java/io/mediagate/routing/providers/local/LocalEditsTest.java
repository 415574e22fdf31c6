package io.mediagate.routing.providers.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The offline renderer's edits and variations are visibly derived from their source. */
class LocalEditsTest {
    private static final int RED = 0xD02020;
    private static final int BLUE = 0x2040D0;
    private final LocalImageGenerator local = new LocalImageGenerator(new ImageEncoder(Ffmpeg::locate));

    private static ImageTask task(String prompt, int size, int n, Map<String, Object> params) {
        return new ImageTask(null, Map.of(), "2.0", prompt, size, size, n, params, TaskControl.NONE);
    }

    private static SourceImage png(byte[] bytes, int w, int h) {
        return new SourceImage(bytes, "image/png", w, h);
    }

    @Test
    void anEditRerendersOnlyTheMaskedAreaAndKeepsTheRest() {
        SourceImage source = png(TestImages.halves(64, 64, RED, BLUE), 64, 64);
        SourceImage mask = png(TestImages.mask(64, 64, 16, 16, 32, 32), 64, 64);
        List<GeneratedImage> out = local.edit(LocalImageGeneratorTest.LOCAL, task("a sunflower", 128, 1, Map.of()), List.of(source), mask);
        BufferedImage image = TestImages.decode(out.getFirst().bytes());
        assertEquals(128, image.getWidth(), "the source is scaled to the size asked");
        assertEquals(RED, image.getRGB(4, 4) & 0xFFFFFF, "outside the mask the source is kept");
        assertEquals(BLUE, image.getRGB(124, 124) & 0xFFFFFF);
        int changed = 0;
        for (int y = 40; y < 88; y++) {
            for (int x = 40; x < 88; x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                changed += rgb != RED && rgb != BLUE ? 1 : 0;
            }
        }
        assertTrue(changed > 48 * 48 * 9 / 10, "inside the mask the prompt's pattern is drawn: " + changed);
    }

    @Test
    void anEditWithoutAMaskBlendsThePromptIntoTheWholePictureAndDependsOnThePrompt() {
        SourceImage source = png(TestImages.halves(64, 64, RED, BLUE), 64, 64);
        byte[] a = local.edit(LocalImageGeneratorTest.LOCAL, task("a sunflower", 64, 1, Map.of()), List.of(source), null).getFirst().bytes();
        byte[] b = local.edit(LocalImageGeneratorTest.LOCAL, task("a harbour", 64, 1, Map.of()), List.of(source), null).getFirst().bytes();
        assertFalse(java.util.Arrays.equals(a, b));
        BufferedImage image = TestImages.decode(a);
        int left = image.getRGB(2, 32);
        int right = image.getRGB(61, 32);
        assertTrue(((left >> 16) & 0xFF) > (left & 0xFF) - 40, "the red half still leans red");
        assertTrue((right & 0xFF) > ((right >> 16) & 0xFF) - 40, "the blue half still leans blue");
        assertArrayEquals(a, local.edit(LocalImageGeneratorTest.LOCAL, task("a sunflower", 64, 1, Map.of()), List.of(source), null)
                .getFirst().bytes(), "the same edit gives the same file");
    }

    @Test
    void aVariationKeepsTheCompositionWithOtherColoursPerSeed() {
        SourceImage source = png(TestImages.halves(64, 64, RED, BLUE), 64, 64);
        List<GeneratedImage> out = local.vary(LocalImageGeneratorTest.LOCAL, task(null, 64, 2, Map.of()), source);
        assertEquals(2, out.size());
        BufferedImage first = TestImages.decode(out.get(0).bytes());
        BufferedImage second = TestImages.decode(out.get(1).bytes());
        for (BufferedImage image : List.of(first, second)) {
            assertEquals(image.getRGB(3, 10), image.getRGB(28, 50), "each half stays one colour");
            assertNotEquals(image.getRGB(3, 10), image.getRGB(60, 10), "the two halves stay apart");
            assertNotEquals(RED, image.getRGB(3, 10) & 0xFFFFFF, "the colours change");
        }
        assertNotEquals(first.getRGB(3, 10), second.getRGB(3, 10), "each variation differs");
    }

    @Test
    void aSourceItCannotReadIsRefusedAsUnsupported() {
        SourceImage webp = new SourceImage("RIFF\0\0\0\0WEBPVP8 ".getBytes(), "image/webp", 8, 8);
        ApiException e = assertThrows(ApiException.class, () ->
                local.vary(LocalImageGeneratorTest.LOCAL, task(null, 64, 1, Map.of()), webp));
        assertEquals(ErrorCode.UNSUPPORTED_MEDIA_TYPE, e.code());
    }
}
