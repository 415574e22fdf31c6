package io.mediagate.routing.providers.stability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FormParts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Stability edits against the same fake: the whole conformance suite on inpainting
 * ({@code /v2beta/stable-image/edit/inpaint}), then what the forms carry for inpainting and image-to-image.
 */
@Exercises(adapters = "stability", value = "edit")
class StabilityEditConformanceTest extends StabilityConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new StabilityImageGenerator(upstream).edit(provider, new ImageTask("inpaint", Map.of(), "1", prompt, 32, 32, 1,
                Map.of(), control), List.of(EditSamples.PNG), EditSamples.MASK).stream().map(i -> i.mime()).toList();
    }

    private FormParts lastForm() {
        var request = fake.received().getLast();
        return FormParts.parse(request.header("Content-Type"), request.body());
    }

    @Exercises("mask")
    @Test
    void inpaintingSendsTheImageAndTheMaskWhiteWhereItChanges() {
        generate(upstream(false), provider(), "a red door", TaskControl.NONE);
        assertTrue(fake.received().getLast().path().endsWith("/v2beta/stable-image/edit/inpaint"), fake.received().getLast().path());
        FormParts form = lastForm();
        assertEquals("a red door", form.text("prompt", null));
        assertArrayEquals(EditSamples.PNG.bytes(), form.all("image").getFirst().bytes());
        assertTrue(EditSamples.isConvertedMask(form.all("mask").getFirst().bytes()), "white where the OpenAI mask is transparent");
    }

    @Test
    void withoutAMaskAnSd3ModelDoesImageToImage() {
        new StabilityImageGenerator(upstream(false)).edit(provider(), new ImageTask("sd3.5-large", Map.of("strength", "0.55"), "1",
                "in watercolour", 32, 32, 1, Map.of("seed", 9), TaskControl.NONE), List.of(EditSamples.JPEG), null);
        assertTrue(fake.received().getLast().path().endsWith("/v2beta/stable-image/generate/sd3"));
        FormParts form = lastForm();
        assertEquals("image-to-image", form.text("mode", null));
        assertEquals("0.55", form.text("strength", null));
        assertEquals("sd3.5-large", form.text("model", null));
        assertEquals("9", form.text("seed", null));
        assertEquals("image/jpeg", form.all("image").getFirst().contentType());
    }
}
