package io.mediagate.routing.providers.bfl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * BFL edits against the same fake: the whole conformance suite on FLUX Kontext, then what the bodies carry
 * for Kontext (reference images) and Fill (image and black-and-white mask).
 */
@Exercises(adapters = "bfl", value = "edit")
class BflEditConformanceTest extends BflConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new BflImageGenerator(upstream).edit(provider, new ImageTask("flux-kontext-pro", Map.of(), "1", prompt, 1024, 768, 1,
                Map.of(), control), List.of(EditSamples.PNG, EditSamples.JPEG), null).stream().map(i -> i.mime()).toList();
    }

    @Test
    void kontextTakesTheSourcesAsInputImagesAndTheSizeAsARatio() {
        generate(upstream(false), provider(), "make it snow", TaskControl.NONE);
        var submitted = fake.received().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow();
        assertTrue(submitted.path().endsWith("/v1/flux-kontext-pro"));
        var body = submitted.json();
        assertEquals(EditSamples.PNG.base64(), body.path("input_image").asText());
        assertEquals(EditSamples.JPEG.base64(), body.path("input_image_2").asText());
        assertEquals("4:3", body.path("aspect_ratio").asText());
        assertTrue(body.path("mask").isMissingNode());
    }

    @Test
    void fillTakesTheImageAndTheMaskWhiteWhereItChanges() {
        new BflImageGenerator(upstream(false)).edit(provider(), new ImageTask("flux-pro-1.0-fill", Map.of(), "1", "a window", 32, 32, 1,
                Map.of("seed", 4), TaskControl.NONE), List.of(EditSamples.PNG), EditSamples.MASK);
        var body = fake.received().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow().json();
        assertEquals(EditSamples.PNG.base64(), body.path("image").asText());
        assertTrue(EditSamples.isConvertedMask(Base64.getDecoder().decode(body.path("mask").asText())));
        assertEquals(4, body.path("seed").asInt());
    }
}
