package io.mediagate.routing.providers.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalImageGeneratorTest {
    static final ProviderSpec LOCAL = new ProviderSpec("local", "Local", "local", List.of("image"), true, null, null, Instant.EPOCH);
    private final LocalImageGenerator generator = new LocalImageGenerator(new ImageEncoder(Ffmpeg::locate));

    private byte[] render(String prompt, int w, int h, Map<String, Object> params) {
        List<GeneratedImage> images = generator.generate(LOCAL, new ImageTask(null, Map.of(), "2.0", prompt, w, h, 1, params, TaskControl.NONE));
        assertEquals(1, images.size());
        assertEquals("image/png", images.getFirst().mime());
        return images.getFirst().bytes();
    }

    @Test
    void isAPngOfExactlyTheRequestedSize() {
        BufferedImage image = TestImages.decode(render("a lighthouse", 300, 170, Map.of()));
        assertEquals(300, image.getWidth());
        assertEquals(170, image.getHeight());
    }

    @Test
    void theSamePromptAndSeedGiveTheSameFile() {
        assertArrayEquals(render("a lighthouse", 128, 128, Map.of("seed", 7)), render("a lighthouse", 128, 128, Map.of("seed", 7)));
    }

    @Test
    void differentPromptsOrSeedsLookDifferent() {
        BufferedImage a = TestImages.decode(render("a lighthouse", 128, 128, Map.of()));
        BufferedImage b = TestImages.decode(render("a red fox", 128, 128, Map.of()));
        BufferedImage c = TestImages.decode(render("a lighthouse", 128, 128, Map.of("seed", 8)));
        assertTrue(differingPixels(a, b) > 0.5, "prompts should change most pixels");
        assertTrue(differingPixels(a, c) > 0.5, "seeds should change most pixels");
    }

    @Test
    void theImageIsNotFlat() {
        BufferedImage image = TestImages.decode(render("anything at all", 64, 64, Map.of("style", "tiles")));
        int[] pixels = image.getRGB(0, 0, 64, 64, null, 0, 64);
        assertTrue(Arrays.stream(pixels).distinct().count() > 10);
    }

    @Test
    void nImagesAreNDifferentImages() {
        List<GeneratedImage> images = generator.generate(LOCAL, new ImageTask(null, Map.of(), "2.0", "three", 32, 32, 3, Map.of(), TaskControl.NONE));
        assertEquals(3, images.size());
        assertFalse(Arrays.equals(images.get(0).bytes(), images.get(1).bytes()));
    }

    private static double differingPixels(BufferedImage a, BufferedImage b) {
        int differ = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    differ++;
                }
            }
        }
        return differ / (double) (a.getWidth() * a.getHeight());
    }
}
