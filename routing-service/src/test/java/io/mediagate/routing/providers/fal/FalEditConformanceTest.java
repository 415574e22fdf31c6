package io.mediagate.routing.providers.fal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fal edits against the same fake: the whole conformance suite on a Kontext-style model, then the inputs:
 * sources as data URIs under the offer's field names, the mask white where the image changes.
 */
@Exercises(adapters = "fal", value = "edit")
class FalEditConformanceTest extends FalConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new FalGenerator(upstream).edit(provider, new ImageTask("fal-ai/flux-pro/kontext", Map.of(), "1", prompt, 1024, 1024, 1,
                Map.of(), control), List.of(EditSamples.PNG), null).stream().map(i -> i.mime()).toList();
    }

    private com.fasterxml.jackson.databind.JsonNode submitted() {
        return fake.received().stream().filter(r -> r.method().equals("POST")).reduce((first, last) -> last).orElseThrow().json();
    }

    @Test
    void theSourceGoesInlineAsImageUrl() {
        generate(upstream(false), provider(), "add a hat", TaskControl.NONE);
        var input = submitted();
        assertEquals("add a hat", input.path("prompt").asText());
        assertTrue(input.path("image_url").asText().startsWith("data:image/png;base64,"));
        assertArrayEquals(EditSamples.PNG.bytes(), EditSamples.fromDataUri(input.path("image_url").asText()));
    }

    @Exercises("mask")
    @Test
    void aFillModelGetsTheMaskAndAMultiImageModelEverySource() {
        new FalGenerator(upstream(false)).edit(provider(), new ImageTask("fal-ai/flux-pro/v1/fill", Map.of("maskField", "mask_url"), "1",
                "a window", 32, 32, 1, Map.of(), TaskControl.NONE), List.of(EditSamples.PNG), EditSamples.MASK);
        assertTrue(EditSamples.isConvertedMask(EditSamples.fromDataUri(submitted().path("mask_url").asText())));
        new FalGenerator(upstream(false)).edit(provider(), new ImageTask("fal-ai/flux-pro/kontext/max/multi",
                Map.of("imageField", "image_urls"), "1", "merge them", 32, 32, 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.PNG, EditSamples.JPEG), null);
        assertEquals(2, submitted().path("image_urls").size());
        assertTrue(submitted().path("image_urls").get(1).asText().startsWith("data:image/jpeg;base64,"));
    }
}
