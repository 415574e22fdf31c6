package io.mediagate.routing.providers.openai;

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
 * OpenAI image edits ({@code POST /v1/images/edits}, multipart) against the same fake: the whole conformance
 * suite on the edit capability, then what the form carries (every source as {@code image[]}, the mask, the
 * gpt-image options).
 */
@Exercises(adapters = {"openai", "openai-compatible"}, value = "edit")
class OpenAiEditConformanceTest extends OpenAiConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new OpenAiImageGenerator(upstream, OpenAiImageGenerator.OPENAI_BASE).edit(provider,
                new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", prompt, 1024, 1024, 1, Map.of(), control), List.of(EditSamples.PNG), null)
                .stream().map(i -> i.mime()).toList();
    }

    @Test
    void everySourceTheMaskAndTheOptionsReachTheEditForm() {
        var images = new OpenAiImageGenerator(upstream(false), OpenAiImageGenerator.OPENAI_BASE).edit(provider(),
                new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", "add a red hat", 1536, 1024, 2,
                        Map.of("quality", "low", "output_format", "jpeg", "input_fidelity", "high"), TaskControl.NONE),
                List.of(EditSamples.PNG, EditSamples.JPEG), EditSamples.MASK);
        assertEquals(List.of("image/jpeg", "image/jpeg"), images.stream().map(i -> i.mime()).toList());
        var request = fake.received().getFirst();
        assertTrue(request.header("Content-Type").startsWith("multipart/form-data; boundary="));
        FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
        assertEquals("gpt-image-2.6-sunburst", form.text("model", null));
        assertEquals("add a red hat", form.text("prompt", null));
        assertEquals("2", form.text("n", null));
        assertEquals("1536x1024", form.text("size", null));
        assertEquals("low", form.text("quality", null));
        assertEquals("high", form.text("input_fidelity", null));
        List<FormParts.Part> sources = form.all("image[]");
        assertEquals(2, sources.size());
        assertArrayEquals(EditSamples.PNG.bytes(), sources.get(0).bytes(), "the first source's bytes, unchanged");
        assertEquals("image/png", sources.get(0).contentType());
        assertEquals("image/jpeg", sources.get(1).contentType());
        assertTrue(sources.get(1).fileName().endsWith(".jpg"));
        assertArrayEquals(EditSamples.MASK.bytes(), form.all("mask").getFirst().bytes(), "OpenAI takes our mask as it is");
        assertEquals("image/png", form.all("mask").getFirst().contentType());
        assertTrue(form.all("response_format").isEmpty(), "GPT image models refuse response_format");
    }

    @Test
    void generationOnlyOptionsNeverReachTheEditForm() {
        var generator = new OpenAiImageGenerator(upstream(false), OpenAiImageGenerator.OPENAI_BASE);
        assertEquals(java.util.Set.of("moderation", "style"), generator.notTakenByEdits(), "routing withholds them from edit offers");
        generator.edit(provider(), new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", "add a red hat", 1024, 1024, 1,
                Map.of("quality", "low", "moderation", "low"), TaskControl.NONE), List.of(EditSamples.PNG), null);
        FormParts form = FormParts.parse(fake.received().getFirst().header("Content-Type"), fake.received().getFirst().body());
        assertTrue(form.all("moderation").isEmpty(), "OpenAI's edits refuse moderation (400 unknown_parameter)");
        assertEquals("low", form.text("quality", null));
    }
}
