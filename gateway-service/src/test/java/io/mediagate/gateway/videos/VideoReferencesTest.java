package io.mediagate.gateway.videos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A video's {@code reference_image_urls} as both faces take it: checked and carried on {@code /v1/videos/generations},
 * passed through unchanged by OpenAI's {@code /v1/videos}; each refusal names the field or its item.
 */
class VideoReferencesTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final Caller CALLER = new Caller("acct_1", Tier.PRO, Tier.PRO.limits(), false, "key_1", null, null);

    private static GenerationRequest parse(String body) {
        return VideoRequestParser.parse(JSON, body, CALLER, "job_0123456789abcdef", "req_1", Instant.EPOCH);
    }

    private static ApiException refused(String body) {
        return assertThrows(ApiException.class, () -> parse(body));
    }

    @Test
    void referencesAreCarriedInOrderAndOnTheMessage() throws Exception {
        GenerationRequest request = parse("{\"model\":\"local/motion\",\"prompt\":\"a kite\",\"reference_image_urls\":"
                + "[\"med_abcdefgh12\",\"https://example.com/b.png\"]}");
        assertEquals(List.of("med_abcdefgh12", "https://example.com/b.png"), request.referenceImageUrls());
        GenerationRequest read = JSON.readValue(JSON.writeValueAsString(request), GenerationRequest.class);
        assertEquals(request.referenceImageUrls(), read.referenceImageUrls(), "kept on the way to routing");
        assertTrue(!JSON.writeValueAsString(parse("{\"model\":\"local/motion\",\"prompt\":\"p\"}")).contains("referenceImageUrls"),
                "a request without them has no such field on the message");
    }

    @Test
    void badReferencesAreRefusedNamingTheFieldOrTheItem() {
        assertEquals("reference_image_urls", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"reference_image_urls\":[]}").param());
        assertEquals("reference_image_urls", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"reference_image_urls\":\"https://e.com/a.png\"}").param());
        String nine = "[" + String.join(",", java.util.Collections.nCopies(9, "\"med_abcdefgh12\"")) + "]";
        assertEquals("reference_image_urls", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"reference_image_urls\":" + nine + "}").param());
        assertEquals("reference_image_urls[1]", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"reference_image_urls\":"
                + "[\"med_abcdefgh12\",\"file:///etc/passwd\"]}").param());
        assertEquals("reference_image_urls[0]", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"reference_image_urls\":[7]}").param());
        assertEquals("reference_image_urls", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"image_url\":\"med_abcdefgh12\","
                + "\"reference_image_urls\":[\"med_abcdefgh13\"]}").param(), "references make a video of their own, not from a first frame");
        assertEquals("reference_image_urls", refused("{\"model\":\"m/x\",\"prompt\":\"p\",\"video_id\":\"med_abcdefgh12\","
                + "\"reference_image_urls\":[\"med_abcdefgh13\"]}").param());
    }

    @Test
    void openAisVideoFacePassesThemThrough() {
        ObjectNode fields = (ObjectNode) JSON.valueToTree(java.util.Map.of("model", "local/motion", "prompt", "a kite", "seconds", "4",
                "reference_image_urls", List.of("med_abcdefgh12")));
        GenerationRequest request = VideoCreation.request(JSON, JsonBody.of(VideoCreation.body(JSON, fields)), CALLER, "job_0123456789abcdef",
                "req_1", Instant.EPOCH, null);
        assertEquals(List.of("med_abcdefgh12"), request.referenceImageUrls());
        assertEquals(4.0, request.duration());
    }
}
