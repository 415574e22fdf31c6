package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A request shaped in words ({@code aspect_ratio}, {@code resolution}) is made at the model's size of that shape, or refused naming the field. */
class PlanningFramingTest {
    /** Gemini 3 Pro Image's sizes: 1:1, 16:9 and 9:16 at 1K, 2K and 4K. */
    private static final ModelSpec GEMINI = model(List.of("1024x1024", "1376x768", "768x1376", "2048x2048", "2752x1536", "1536x2752",
            "4096x4096", "5504x3072", "3072x5504"), "1024x1024");

    private static ModelSpec model(List<String> sizes, String defaultSize) {
        return new ModelSpec("acme/m", "M", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)), sizes, defaultSize, null,
                List.of(), List.of(), List.of(), Instant.EPOCH);
    }

    private static Size at(String ratio, String resolution) {
        return Planning.size(GEMINI, null, Framing.of(ratio, resolution, false)).orElseThrow();
    }

    @Test
    void aRatioAndAResolutionPickTheModelsSizeOfThatShape() {
        assertEquals("1376x768", at("16:9", null).label(), "16:9 at the default's resolution");
        assertEquals("1536x2752", at("9:16", "2k").label());
        assertEquals("5504x3072", at("16:9", "4k").label());
        assertEquals("4096x4096", at(null, "4k").label(), "the default's ratio at 4K");
        assertEquals("1024x1024", at("1:1", "1k").label());
    }

    @Test
    void aShapeNoSizeHasIsRefusedNamingTheFieldAndWhatThereIs() {
        ApiException ratio = assertThrows(ApiException.class, () -> at("4:5", null));
        assertEquals("aspect_ratio", ratio.param());
        assertTrue(ratio.getMessage().contains("16:9 1k (1376x768)") && ratio.getMessage().contains("9:16 4k (3072x5504)"), ratio.getMessage());
        ModelSpec small = model(List.of("1024x1024", "1536x1024"), "1024x1024");
        ApiException resolution = assertThrows(ApiException.class, () -> Planning.size(small, null, Framing.of("1:1", "4k", false)));
        assertEquals("resolution", resolution.param());
        assertTrue(resolution.getMessage().contains("[1k]"), resolution.getMessage());
    }

    @Test
    void aSizeNamedWithAShapeMustHaveIt() {
        assertEquals("1376x768", Planning.size(GEMINI, Size.of("1376x768"), Framing.of("16:9", "1k", false)).orElseThrow().label());
        assertEquals("aspect_ratio", assertThrows(ApiException.class,
                () -> Planning.size(GEMINI, Size.of("1024x1024"), Framing.of("16:9", null, false))).param());
        assertEquals("resolution", assertThrows(ApiException.class,
                () -> Planning.size(GEMINI, Size.of("1024x1024"), Framing.of(null, "2k", false))).param());
    }

    private static ModelSpec video(List<String> ratios) {
        return new ModelSpec("acme/v", "V", "video", "d", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("480p", "720p", "1080p"),
                "1080p", null, List.of(), List.of(), List.of(), Instant.EPOCH, null, ratios);
    }

    private static String frame(ModelSpec model, Size size, String ratio, String resolution) {
        Size at = Planning.size(model, size, ratio == null && resolution == null ? null : Framing.of(ratio, resolution, true)).orElseThrow();
        return at.label() + " " + at.width() + "x" + at.height();
    }

    @Test
    void aVideosRatioIsItsFrameAtItsResolution() {
        ModelSpec video = video(List.of("16:9", "9:16", "1:1", "4:5", "21:9"));
        assertEquals("720p 720x1280", frame(video, Size.of("720p"), "9:16", null), "portrait: the short side is the resolution's");
        assertEquals("1080p 1080x1080", frame(video, null, "1:1", null), "square at the default resolution");
        assertEquals("480p 480x600", frame(video, null, "4:5", "480p"));
        assertEquals("1080p 2520x1080", frame(video, Size.of("1080p"), "21:9", null));
        assertEquals("480p 854x480", frame(video, Size.of("480p"), null, null), "no ratio: the model's first, as ever");
        assertEquals("720p 720x1280", frame(video, null, "9:16", "720p"));
        assertTrue(Planning.offers(video, Size.of("720p").video().orElseThrow().frame(9 / 16.0)));
    }

    @Test
    void aVideosDefaultRatioIsItsModelsFirst() {
        assertEquals("1080p 1080x1920", frame(video(List.of("9:16", "16:9")), null, null, null));
        assertEquals("720p 1280x720", frame(video(null), Size.of("720p"), null, null), "a model that lists none makes 16:9");
    }

    @Test
    void aRatioTheVideoModelDoesNotMakeIsRefusedNamingItWithWhatItMakes() {
        ModelSpec landscape = video(null);
        ApiException refused = assertThrows(ApiException.class, () -> Planning.size(landscape, null, Framing.of("9:16", null, true)));
        assertEquals("aspect_ratio", refused.param());
        assertTrue(refused.getMessage().contains("16:9"), refused.getMessage());
        assertEquals("aspect_ratio", assertThrows(ApiException.class,
                () -> Planning.size(landscape, Size.of("720p"), Framing.of("1:1", null, true))).param(), "with a size named too");
        assertEquals("aspect_ratio", assertThrows(ApiException.class,
                () -> Planning.size(video(List.of("16:9", "9:16")), null, Framing.of("1:1", "720p", true))).param());
        assertEquals("resolution", assertThrows(ApiException.class,
                () -> Planning.size(video(List.of("16:9", "9:16")), Size.of("720p"), Framing.of("9:16", "1080p", true))).param());
        assertFalse(Planning.offers(landscape, Size.of("720p").video().orElseThrow().frame(1)), "a square frame of a landscape model");
    }

    @Test
    void aVideoModelsShapesAreEachSizeAtEachRatio() {
        List<String> shapes = Planning.sizes(video(List.of("16:9", "9:16"))).stream().map(s -> s.label() + " " + s.width() + "x" + s.height()).toList();
        assertEquals(List.of("480p 854x480", "480p 480x854", "720p 1280x720", "720p 720x1280", "1080p 1920x1080", "1080p 1080x1920"), shapes);
    }

    @Test
    void malformedShapesAreRefusedNamingTheField() {
        assertEquals("aspect_ratio", assertThrows(ApiException.class, () -> Framing.of("wide", null, false)).param());
        assertEquals("aspect_ratio", assertThrows(ApiException.class, () -> Framing.of("0:1", null, false)).param());
        assertEquals("aspect_ratio", assertThrows(ApiException.class, () -> Framing.of("99:1", null, false)).param());
        assertEquals("resolution", assertThrows(ApiException.class, () -> Framing.of(null, "720p", false)).param(), "a video's resolution on an image");
        assertEquals("resolution", assertThrows(ApiException.class, () -> Framing.of(null, "2k", true)).param(), "an image's resolution on a video");
    }
}
