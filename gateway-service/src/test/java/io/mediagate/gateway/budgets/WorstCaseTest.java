package io.mediagate.gateway.budgets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a budget reserves for a request: the dearest offer that could serve it, times its units. */
class WorstCaseTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode model(String offers, String durations) throws Exception {
        return JSON.readTree("{\"id\":\"a/b\",\"providers\":[" + offers + "]" + (durations == null ? "" : ",\"durations\":" + durations) + "}");
    }

    private static String offer(String provider, String amount, String unit, String status) {
        return "{\"provider\":\"" + provider + "\",\"price\":{\"amount\":" + amount + ",\"unit\":\"" + unit + "\",\"currency\":\"USD\"},"
                + "\"status\":\"" + status + "\"}";
    }

    private static GenerationRequest request(MediaKind kind, String provider, int n, Double duration) {
        return new GenerationRequest("job_x", "req_x", "usr_x", "pro", kind, "a/b", provider, null, "p", null, n, duration,
                null, null, null, null, true, "url", Map.of(), Instant.EPOCH, null, "key_x");
    }

    private static void assertPrice(String expected, BigDecimal actual) {
        assertPrice(expected, actual, "worst case");
    }

    private static void assertPrice(String expected, BigDecimal actual, String why) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), why + ": " + expected + " != " + actual);
    }

    @Test
    void theDearestOfferThatCouldServeTimesTheImages() throws Exception {
        JsonNode model = model(offer("cheap", "0.01", "image", "operational") + "," + offer("dear", "0.04", "image", "degraded") + ","
                + offer("off", "0.50", "image", "disabled"), null);
        assertPrice("0.12", WorstCase.price(model, request(MediaKind.IMAGE, null, 3, null)));
        assertPrice("0.03", WorstCase.price(model, request(MediaKind.IMAGE, "CHEAP", 3, null)), "an explicit provider, in any case");
        assertPrice("0", WorstCase.price(model, request(MediaKind.IMAGE, "nobody", 3, null)));
    }

    @Test
    void aVideoCostsItsSecondsOrTheModelsDefault() throws Exception {
        JsonNode model = model(offer("v", "0.10", "second", "operational"), "{\"min\":4,\"max\":10,\"default\":6}");
        assertPrice("0.8", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 8.0)));
        assertPrice("0.6", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
    }
}
