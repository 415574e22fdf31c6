package io.mediagate.routing.providers.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.StreamedControl;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The local renderer honours every image option itself, checked on the decoded bytes: quality as the detail drawn, a real
 * alpha channel for a transparent background, each output format at its compression, and an edit's input fidelity.
 */
class LocalImageOptionsTest {
    private final ImageEncoder encoder = new ImageEncoder(Ffmpeg::locate);
    private final LocalImageGenerator local = new LocalImageGenerator(encoder);

    private GeneratedImage render(Map<String, Object> params) {
        return local.generate(LocalImageGeneratorTest.LOCAL, new ImageTask(null, Map.of(), "2.0", "a glass lantern", 160, 120, 1, params,
                TaskControl.NONE)).getFirst();
    }

    private static long colours(BufferedImage image) {
        return Arrays.stream(image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth())).distinct().count();
    }

    @Test
    void qualityIsTheDetailDrawnAndIsReported() {
        GeneratedImage low = render(Map.of("quality", "low"));
        GeneratedImage medium = render(Map.of("quality", "medium"));
        GeneratedImage high = render(Map.of("quality", "high"));
        long lowColours = colours(TestImages.decode(low.bytes()));
        long mediumColours = colours(TestImages.decode(medium.bytes()));
        long highColours = colours(TestImages.decode(high.bytes()));
        assertTrue(lowColours <= 8 && lowColours < mediumColours && mediumColours < highColours,
                "colours at low, medium, high: " + lowColours + ", " + mediumColours + ", " + highColours);
        assertEquals("low", low.made().quality());
        assertEquals("high", render(Map.of()).made().quality(), "no quality (or auto) is drawn, and said to be, high");
    }

    @Test
    void aTransparentBackgroundIsARealAlphaChannel() {
        GeneratedImage image = render(Map.of("background", "transparent"));
        BufferedImage decoded = TestImages.decode(image.bytes());
        assertTrue(decoded.getColorModel().hasAlpha());
        int[] alphas = Arrays.stream(decoded.getRGB(0, 0, 160, 120, null, 0, 160)).map(p -> p >>> 24).distinct().sorted().toArray();
        assertEquals(0, alphas[0], "some pixels are fully transparent");
        assertEquals(255, alphas[alphas.length - 1], "and some fully opaque");
        assertEquals("transparent", image.made().background());
        assertFalse(TestImages.decode(render(Map.of()).bytes()).getColorModel().hasAlpha(), "an image otherwise is opaque");
    }

    @Test
    void everyFormatIsMadeAtItsCompression() throws Exception {
        GeneratedImage webp = render(Map.of("output_format", "webp", "background", "transparent"));
        assertEquals("image/webp", webp.mime());
        assertEquals("image/webp", ContentSniffer.mime(webp.bytes()).orElseThrow());
        assertEquals(new ContentSniffer.Dimensions(160, 120), ContentSniffer.dimensions(webp.bytes()).orElseThrow());
        assertTrue(ImageEncoder.mayHaveAlpha(webp.bytes()), "a transparent WebP keeps its alpha");
        BufferedImage back = TestImages.decode(encoder.encode(webp.bytes(), new ImageEncoder.Target(
                io.mediagate.common.events.ImageOptions.Format.PNG, null, false)));
        assertEquals(0, Arrays.stream(back.getRGB(0, 0, 160, 120, null, 0, 160)).map(p -> p >>> 24).min().orElseThrow());

        GeneratedImage jpeg = render(Map.of("output_format", "jpeg"));
        assertEquals("image/jpeg", ContentSniffer.mime(jpeg.bytes()).orElseThrow());
        assertEquals(160, TestImages.decode(jpeg.bytes()).getWidth());

        int small = render(Map.of("output_format", "jpeg", "output_compression", 5)).bytes().length;
        int large = render(Map.of("output_format", "jpeg", "output_compression", 100)).bytes().length;
        assertTrue(small < large, "compression 5 gives a smaller file than 100: " + small + " vs " + large);
    }

    @Test
    void aStreamedJobGetsRealPartialImagesCoarseToFine() {
        StreamedControl streamed = new StreamedControl(3);
        GeneratedImage last = local.generate(LocalImageGeneratorTest.LOCAL, new ImageTask(null, Map.of(), "2.0", "a glass lantern", 160, 120, 1,
                Map.of(), streamed)).getFirst();
        List<GeneratedImage> partials = streamed.partials();
        assertEquals(List.of(0, 1, 2), streamed.indexes(), "in order");
        long[] detail = partials.stream().mapToLong(p -> colours(TestImages.decode(p.bytes()))).toArray();
        assertTrue(detail[0] < detail[1] && detail[1] < detail[2] && detail[2] < colours(TestImages.decode(last.bytes())),
                "each finer than the one before: " + Arrays.toString(detail));
        assertEquals(160, TestImages.decode(partials.getFirst().bytes()).getWidth(), "the picture's own size");
    }

    @Test
    void highInputFidelityKeepsMoreOfTheSource() {
        SourceImage source = new SourceImage(TestImages.halves(64, 64, 0xFF0000, 0x0000FF), "image/png", 64, 64);
        ImageTask low = new ImageTask(null, Map.of(), "2.0", "a kite", 64, 64, 1, Map.of(), TaskControl.NONE);
        ImageTask high = new ImageTask(null, Map.of(), "2.0", "a kite", 64, 64, 1, Map.of("input_fidelity", "high"), TaskControl.NONE);
        BufferedImage lowEdit = TestImages.decode(local.edit(LocalImageGeneratorTest.LOCAL, low, List.of(source), null).getFirst().bytes());
        BufferedImage highEdit = TestImages.decode(local.edit(LocalImageGeneratorTest.LOCAL, high, List.of(source), null).getFirst().bytes());
        assertNotEquals(lowEdit.getRGB(5, 5), highEdit.getRGB(5, 5));
        assertTrue(redness(highEdit) > redness(lowEdit), "the red half stays redder at high fidelity");
    }

    private static int redness(BufferedImage image) {
        int total = 0;
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 32; x++) {
                total += (image.getRGB(x, y) >> 16) & 0xFF;
            }
        }
        return total;
    }

    @Test
    void theFilesAreNotLeftBehind() throws Exception {
        long before;
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            before = files.filter(p -> p.getFileName().toString().startsWith("mediagate-image-")).count();
        }
        render(Map.of("output_format", "webp"));
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(before, files.filter(p -> p.getFileName().toString().startsWith("mediagate-image-")).count());
        }
    }
}
