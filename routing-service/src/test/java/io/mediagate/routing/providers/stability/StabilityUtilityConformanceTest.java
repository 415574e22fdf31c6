package io.mediagate.routing.providers.stability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.testing.TestImages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Stability's image tools against the same fake: the whole conformance suite on the fast upscaler
 * ({@code /v2beta/stable-image/upscale/fast}, which answers 4 times the picture a side), then what the forms carry: the
 * picture and {@code output_format} only (Stability's tools take no prompt, seed or other field), and pictures outside an
 * endpoint's bounds passed over without a call.
 */
@Exercises(adapters = "stability", value = "upscale")
class StabilityUtilityConformanceTest extends StabilityConformanceTest {
    private static ImageTask task(String model, Map<String, Object> params, TaskControl control) {
        return new ImageTask(model, Map.of(), "1", null, 64, 64, 1, params, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        untoldPrompt = prompt;
        return new StabilityImageGenerator(upstream).apply(provider, ImageSources.UPSCALE, task("upscale/fast", Map.of(), control),
                EditSamples.PNG).stream().map(i -> i.mime()).toList();
    }

    private FormParts lastForm() {
        var request = fake.received().getLast();
        return FormParts.parse(request.header("Content-Type"), request.body());
    }

    @Test
    void theFastUpscaleSendsThePictureAndAPngFormatAndNothingElse() {
        var made = new StabilityImageGenerator(upstream(false)).apply(provider(), ImageSources.UPSCALE,
                task("upscale/fast", Map.of("scale", 2), TaskControl.NONE), EditSamples.PNG);
        var request = fake.received().getLast();
        assertEquals("/v2beta/stable-image/upscale/fast", request.path());
        assertEquals("application/json", request.header("Accept"));
        FormParts form = lastForm();
        assertArrayEquals(EditSamples.PNG.bytes(), form.all("image").getFirst().bytes());
        assertEquals("png", form.text("output_format", null));
        assertEquals(List.of(), form.all("scale"), "our scale is fitted here, never sent: Stability's upscaler takes no such field");
        assertEquals(List.of(), form.all("prompt"));
        assertEquals(new ContentSniffer.Dimensions(128, 128), ContentSniffer.dimensions(made.getFirst().bytes()).orElseThrow(),
                "Stability's 4x as it came; routing fits it to the size asked");
    }

    @Exercises("remove-background")
    @Test
    void aBackgroundRemovalGoesToItsEndpointAsAPng() {
        var picture = new SourceImage(TestImages.png(64, 64), "image/png", 64, 64);
        new StabilityImageGenerator(upstream(false)).apply(provider(), ImageSources.REMOVE_BACKGROUND,
                task("edit/remove-background", Map.of(), TaskControl.NONE), picture);
        assertEquals("/v2beta/stable-image/edit/remove-background", fake.received().getLast().path());
        assertEquals("png", lastForm().text("output_format", null));
    }

    @Test
    void aPictureOutsideTheUpscalersBoundsIsPassedOverWithoutACall() {
        var large = new SourceImage(TestImages.png(1600, 600), "image/png", 1600, 600);
        ProviderException refused = assertThrows(ProviderException.class, () -> new StabilityImageGenerator(upstream(false))
                .apply(provider(), ImageSources.UPSCALE, task("upscale/fast", Map.of(), TaskControl.NONE), large));
        assertEquals(FailureClass.REJECTED, refused.failure(), "the offer's fault: routing tries another");
        assertTrue(refused.getMessage().contains("1600x600"), refused.getMessage());
        assertEquals(0, fake.received().size());
        var small = new SourceImage(TestImages.png(48, 48), "image/png", 48, 48);
        assertThrows(ProviderException.class, () -> new StabilityImageGenerator(upstream(false)).apply(provider(),
                ImageSources.REMOVE_BACKGROUND, task("edit/remove-background", Map.of(), TaskControl.NONE), small));
        assertEquals(0, fake.received().size());
    }
}
