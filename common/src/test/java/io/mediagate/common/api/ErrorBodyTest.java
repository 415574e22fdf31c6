package io.mediagate.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorBodyTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void failureEnvelopeCarriesSeedFieldsAndTheOpenAiMirror() throws Exception {
        ApiException e = new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "slow down", null, Map.of("retry_after", 7, "limit", "minute"));
        JsonNode body = json.readTree(json.writeValueAsString(e.body("req_1")));
        assertFalse(body.get("success").asBoolean());
        assertEquals("rate_limit_exceeded", body.get("code").asText());
        assertEquals("slow down", body.get("message").asText());
        assertEquals("req_1", body.get("request_id").asText());
        assertEquals(7, body.get("retry_after").asInt());
        assertEquals("minute", body.get("limit").asText());
        assertEquals("slow down", body.get("error").get("message").asText());
        assertEquals("rate_limit_exceeded", body.get("error").get("code").asText());
        assertTrue(body.get("error").has("param") && body.get("error").get("param").isNull(), "OpenAI's error object always has param");
        assertFalse(body.has("param"), "the seed's envelope names a param only when one is at fault");
    }

    @Test
    void aRelayedFailureKeepsItsCodeParamAndExtras() throws Exception {
        String wire = json.writeValueAsString(ApiException.invalid("prompt", "too long").body("req_2"));
        ApiException back = json.readValue(wire, ErrorBody.class).toException();
        assertEquals(ErrorCode.INVALID_REQUEST, back.code());
        assertEquals("prompt", back.param());
        assertEquals("too long", back.getMessage());
        assertEquals(400, back.code().status());
    }

    @Test
    void everyCodeMapsToOneStatusAndBack() {
        for (ErrorCode code : ErrorCode.values()) {
            assertEquals(code, ErrorCode.fromCode(code.code()));
        }
        assertEquals(ErrorCode.INTERNAL_ERROR, ErrorCode.fromCode("something_new"));
        assertEquals(404, ErrorCode.MODEL_NOT_FOUND.status());
        assertEquals(401, ErrorCode.AUTHENTICATION_ERROR.status());
        assertEquals(502, ErrorCode.PROVIDER_ERROR.status());
    }
}
