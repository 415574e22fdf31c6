package io.mediagate.routing.providers.xai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole conformance suite on xAI's edits ({@code POST /v1/images/edits}, sources inline as data URIs). */
@Exercises(adapters = "xai", value = "edit")
class XaiEditConformanceTest extends XaiConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new XaiImageGenerator(upstream).edit(provider, task(prompt, 1024, 1024, 1, control), List.of(EditSamples.PNG), null)
                .stream().map(i -> i.mime()).toList();
    }

    @Test
    void oneSourceGoesAsImageAndSeveralAsImages() {
        new XaiImageGenerator(upstream(false)).edit(provider(), task("add a hat", 768, 1024, 1, TaskControl.NONE), List.of(EditSamples.PNG), null);
        new XaiImageGenerator(upstream(false)).edit(provider(), task("both as one", 1024, 1024, 1, TaskControl.NONE),
                List.of(EditSamples.PNG, EditSamples.JPEG), EditSamples.MASK);
        var one = fake.received().get(0).json();
        assertTrue(one.path("image").path("url").asText().startsWith("data:image/png;base64,"), one.toString());
        assertEquals("3:4", one.path("aspect_ratio").asText());
        var two = fake.received().get(1).json();
        assertEquals(2, two.path("images").size());
        assertTrue(two.path("images").path(1).path("url").asText().startsWith("data:image/jpeg;base64,"));
        assertTrue(two.path("image").isMissingNode() && two.path("mask").isMissingNode(), "no mask is sent: " + two.fieldNames());
    }
}
