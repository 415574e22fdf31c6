package io.mediagate.routing.providers.a1111;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.testing.TestImages;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The body A1111 is sent: the offer's options, a request's parameters in their place, nothing of ours left out. */
class A1111WireTest {
    private final ObjectMapper json = new ObjectMapper();

    private static ImageTask task(Map<String, String> options, Map<String, Object> params) {
        return new ImageTask("sdxl", options, "1", "a lake", 512, 768, 2, params, TaskControl.NONE);
    }

    @Test
    void aRequestsSeedAndItsOtherParametersAreSentAndTheOffersOptionsFillTheRest() {
        JsonNode body = json.valueToTree(A1111Wire.request(task(Map.of("steps", "30", "sampler", "Euler a", "checkpoint", "sd_xl"),
                Map.of("seed", 42, "cfg_scale", 7))));
        assertEquals(42, body.path("seed").asInt(), "the caller's seed, not a random one");
        assertEquals(7, body.path("cfg_scale").asInt(), "a parameter of the offer's is sent beside the declared fields");
        assertEquals(30, body.path("steps").asInt());
        assertEquals("Euler a", body.path("sampler_name").asText());
        assertEquals("sd_xl", body.path("override_settings").path("sd_model_checkpoint").asText());
        assertEquals(2, body.path("batch_size").asInt());
        assertFalse(body.has("init_images"), "no edit fields on txt2img");

        JsonNode plain = json.valueToTree(A1111Wire.request(task(Map.of(), Map.of())));
        assertEquals(-1, plain.path("seed").asInt(), "a random seed when none is asked for");
        assertEquals(25, plain.path("steps").asInt());
        assertFalse(plain.has("sampler_name") || plain.has("override_settings"), "nothing sent the offer does not set");
    }

    @Test
    void anEditSendsItsSourceAndHowFarItMayStray() {
        SourceImage source = new SourceImage(TestImages.png(4, 4), "image/png", 4, 4);
        ImageTask task = task(Map.of(), Map.of());
        JsonNode edit = json.valueToTree(A1111Wire.request(task).toEdit(task, source, null));
        assertEquals(source.base64(), edit.path("init_images").get(0).asText());
        assertEquals(0.75, edit.path("denoising_strength").asDouble());
        assertNull(edit.get("mask"));
        ImageTask asked = task(Map.of(), Map.of("denoising_strength", 0.4));
        assertEquals(0.4, json.valueToTree(A1111Wire.request(asked).toEdit(asked, source, null)).path("denoising_strength").asDouble());
    }
}
