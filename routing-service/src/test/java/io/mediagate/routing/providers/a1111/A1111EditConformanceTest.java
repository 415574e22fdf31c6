package io.mediagate.routing.providers.a1111;

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

/** The whole conformance suite on AUTOMATIC1111's img2img, then what an inpainting edit sends. */
@Exercises(adapters = "a1111", value = "edit")
class A1111EditConformanceTest extends A1111ConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new A1111ImageGenerator(upstream).edit(provider, new ImageTask("sdxl", Map.of("steps", "30"), "1", prompt, 512, 768, 2, Map.of(), control),
                List.of(EditSamples.PNG), null).stream().map(i -> i.mime()).toList();
    }

    @Test
    void anInpaintingEditSendsTheFirstSourceAndTheMaskWhiteWhereItChanges() {
        new A1111ImageGenerator(upstream(false)).edit(provider(), new ImageTask("sdxl", Map.of("denoising_strength", "0.5"), "1",
                "a red hat", 512, 512, 1, Map.of(), TaskControl.NONE), List.of(EditSamples.PNG, EditSamples.JPEG), EditSamples.MASK);
        var request = fake.received().getFirst();
        assertEquals("/sdapi/v1/img2img", request.path());
        var body = request.json();
        assertEquals(1, body.path("init_images").size(), "img2img starts from one image");
        assertEquals(EditSamples.PNG.base64(), body.path("init_images").path(0).asText());
        assertTrue(EditSamples.isConvertedMask(Base64.getDecoder().decode(body.path("mask").asText())), "white where ours is transparent");
        assertEquals(0.5, body.path("denoising_strength").asDouble());
        assertEquals("a red hat", body.path("prompt").asText());
    }
}
