package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole conformance suite on Gemini image edits: the sources go inline after the prompt, in one user turn. */
@Exercises(adapters = "gemini", value = "edit")
class GeminiEditConformanceTest extends GeminiImageConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new GeminiImageGenerator(upstream).edit(provider, task(MODEL, prompt, 1024, 1024, 1, control),
                List.of(EditSamples.PNG), EditSamples.MASK).stream().map(i -> i.mime()).toList();
    }

    @Test
    void theSourcesFollowThePromptAsInlineDataAndNoMaskIsSent() {
        new GeminiImageGenerator(upstream(false)).edit(provider(), task(MODEL, "put them together", 1024, 768, 1,
                TaskControl.NONE), List.of(EditSamples.PNG, EditSamples.JPEG), EditSamples.MASK);
        var parts = fake.received().getFirst().json().path("contents").path(0).path("parts");
        assertEquals(3, parts.size(), "the prompt and two sources; the mask is not a part");
        assertEquals("put them together", parts.path(0).path("text").asText());
        assertEquals("image/png", parts.path(1).path("inlineData").path("mimeType").asText());
        assertArrayEquals(EditSamples.JPEG.bytes(), Base64.getDecoder().decode(parts.path(2).path("inlineData").path("data").asText()));
        assertEquals("4:3", fake.received().getFirst().json().path("generationConfig").path("imageConfig").path("aspectRatio").asText());
    }
}
