package io.mediagate.routing.providers.replicate;

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
 * Replicate edits against the same fake: the whole conformance suite on FLUX Kontext, then the inputs:
 * sources as data URIs under the offer's field names, the mask white where the image changes.
 */
@Exercises(adapters = "replicate", value = "edit")
class ReplicateEditConformanceTest extends ReplicateConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new ReplicateGenerator(upstream).edit(provider, new ImageTask("black-forest-labs/flux-kontext-pro", Map.of(), "1",
                prompt, 1024, 768, 1, Map.of(), control), List.of(EditSamples.PNG), null).stream().map(i -> i.mime()).toList();
    }

    private com.fasterxml.jackson.databind.JsonNode input() {
        return fake.received().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow().json().path("input");
    }

    @Test
    void kontextTakesTheSourceAsInputImage() {
        generate(upstream(false), provider(), "make it night", TaskControl.NONE);
        assertTrue(fake.received().getFirst().path().endsWith("/v1/models/black-forest-labs/flux-kontext-pro/predictions"));
        assertArrayEquals(EditSamples.PNG.bytes(), EditSamples.fromDataUri(input().path("input_image").asText()));
        assertEquals("4:3", input().path("aspect_ratio").asText());
    }

    @Exercises("mask")
    @Test
    void aFillModelGetsImageAndMaskUnderItsFieldNames() {
        new ReplicateGenerator(upstream(false)).edit(provider(), new ImageTask("black-forest-labs/flux-fill-pro",
                Map.of("imageField", "image", "maskField", "mask"), "1", "a window", 32, 32, 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.PNG), EditSamples.MASK);
        assertArrayEquals(EditSamples.PNG.bytes(), EditSamples.fromDataUri(input().path("image").asText()));
        assertTrue(EditSamples.isConvertedMask(EditSamples.fromDataUri(input().path("mask").asText())));
    }
}
