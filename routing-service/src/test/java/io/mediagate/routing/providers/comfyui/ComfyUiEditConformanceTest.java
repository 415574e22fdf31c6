package io.mediagate.routing.providers.comfyui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * The whole conformance suite on ComfyUI edits (the source uploaded to /upload/image, then the img2img workflow), and
 * what an inpainting edit runs: the mask uploaded as it is, read through its alpha channel.
 */
@Exercises(adapters = "comfyui", value = "edit")
class ComfyUiEditConformanceTest extends ComfyUiConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new ComfyUiImageGenerator(upstream).edit(provider, new ImageTask("sdxl", Map.of("checkpoint", "juggernaut.safetensors"),
                "1", prompt, 832, 1216, 1, Map.of("seed", 99), control), List.of(EditSamples.PNG), null).stream().map(i -> i.mime()).toList();
    }

    /** The img2img workflow has no EmptyLatentImage: the size is the source's. */
    @Override
    @Test
    void theWorkflowTemplateIsFilledWithTypedValues() {
        generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var upload = fake.received().getFirst();
        assertEquals("/upload/image", upload.path());
        FormParts form = FormParts.parse(upload.header("Content-Type"), upload.body());
        assertArrayEquals(EditSamples.PNG.bytes(), form.all("image").getFirst().bytes());
        var graph = fake.received().get(1).json().path("prompt");
        assertEquals(form.all("image").getFirst().fileName(), graph.path("10").path("inputs").path("image").asText());
        assertEquals(0.75, graph.path("3").path("inputs").path("denoise").asDouble());
        assertEquals(1, graph.path("12").path("inputs").path("amount").asInt());
        assertEquals("a lighthouse", graph.path("6").path("inputs").path("text").asText());
        assertEquals("juggernaut.safetensors", graph.path("4").path("inputs").path("ckpt_name").asText());
    }

    @Test
    void anInpaintingEditUploadsTheMaskAndReadsItsAlpha() {
        new ComfyUiImageGenerator(upstream(false)).edit(provider(), new ImageTask("sdxl", Map.of(), "1", "a red hat", 512, 512, 2,
                Map.of(), TaskControl.NONE), List.of(EditSamples.PNG), EditSamples.MASK);
        assertEquals(List.of("/upload/image", "/upload/image", "/prompt"), fake.received().stream().limit(3).map(r -> r.path()).toList());
        FormParts mask = FormParts.parse(fake.received().get(1).header("Content-Type"), fake.received().get(1).body());
        assertArrayEquals(EditSamples.MASK.bytes(), mask.all("image").getFirst().bytes(), "our mask as it is: its alpha says what changes");
        var graph = fake.received().get(2).json().path("prompt");
        assertEquals("LoadImageMask", graph.path("13").path("class_type").asText());
        assertEquals(mask.all("image").getFirst().fileName(), graph.path("13").path("inputs").path("image").asText());
        assertEquals("alpha", graph.path("13").path("inputs").path("channel").asText());
        assertEquals(1.0, graph.path("3").path("inputs").path("denoise").asDouble());
        assertEquals(2, graph.path("12").path("inputs").path("amount").asInt());
    }
}
