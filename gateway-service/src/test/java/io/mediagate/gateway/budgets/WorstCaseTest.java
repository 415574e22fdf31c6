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
        return request(kind, provider, null, n, duration);
    }

    private static GenerationRequest request(MediaKind kind, String provider, String size, int n, Double duration) {
        return new GenerationRequest("job_x", "req_x", "usr_x", "pro", kind, "a/b", provider, null, "p", size, n, duration,
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
    void anEditAtAProviderBillingItsInputImagesReservesThemToo() throws Exception {
        JsonNode model = model("{\"provider\":\"xai\",\"price\":{\"amount\":0.02,\"unit\":\"image\",\"currency\":\"USD\","
                + "\"perInputImage\":0.002},\"status\":\"operational\"}", null);
        GenerationRequest edit = new GenerationRequest("job_x", "req_x", "usr_x", "pro", MediaKind.IMAGE, "a/b", null, null, "p", null, 2,
                null, null, null, null, null, true, "url", Map.of(), Instant.EPOCH,
                new io.mediagate.common.events.ImageSources("edit", java.util.List.of("in/a.png", "in/b.png", "in/c.png"), null), "key_x");
        assertPrice("0.046", WorstCase.price(model, edit), "2 images made at 0.02 and 3 input images at 0.002");
        assertPrice("0.04", WorstCase.price(model, request(MediaKind.IMAGE, null, 2, null)), "a generation has no input images");
    }

    @Test
    void aVideoCostsItsSecondsOrTheModelsDefault() throws Exception {
        JsonNode model = model(offer("v", "0.10", "second", "operational"), "{\"min\":4,\"max\":10,\"default\":6}");
        assertPrice("0.8", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 8.0)));
        assertPrice("0.6", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
    }

    @Test
    void aVideoAtAProviderOfFixedClipLengthsCostsTheClipItMakes() throws Exception {
        JsonNode model = JSON.readTree("""
                {"id":"a/b","durations":{"min":4,"max":8,"default":5},"providers":[
                  {"provider":"veo","price":{"amount":0.40,"unit":"second","currency":"USD","clipSeconds":[4,6,8]},"status":"operational"}]}
                """);
        assertPrice("2.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 5.0)), "5 s asked: Veo makes and bills 6");
        assertPrice("2.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)), "the default 5 s, as a 6 s clip");
        assertPrice("3.2", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 7.5)));
    }

    @Test
    void aSizePricedApartCostsItsOwnPrice() throws Exception {
        JsonNode model = JSON.readTree("""
                {"id":"a/b","defaultSize":"1024x1024","providers":[
                  {"provider":"g","price":{"amount":0.134,"unit":"image","currency":"USD","bySize":{"4096x4096":0.24}},"status":"operational"},
                  {"provider":"h","price":{"amount":0.15,"unit":"image","currency":"USD"},"status":"operational"}]}
                """);
        assertPrice("0.48", WorstCase.price(model, request(MediaKind.IMAGE, null, "4096x4096", 2, null)), "the 4K price, dearer than h");
        assertPrice("0.30", WorstCase.price(model, request(MediaKind.IMAGE, null, "1024x1024", 2, null)), "h at every other size");
        assertPrice("0.30", WorstCase.price(model, request(MediaKind.IMAGE, null, 2, null)), "no size: the model's default");
        assertPrice("0.268", WorstCase.price(model, request(MediaKind.IMAGE, "g", 2, null)), "g alone at its base price");
    }

    @Test
    void aVideoSizeIsPricedByTheCatalogsLabel() throws Exception {
        JsonNode model = JSON.readTree("""
                {"id":"a/b","defaultSize":"720p","durations":{"min":4,"max":8,"default":4},"providers":[
                  {"provider":"v","price":{"amount":0.10,"unit":"second","currency":"USD","bySize":{"1080p":0.20}},"status":"operational"}]}
                """);
        assertPrice("1.6", WorstCase.price(model, request(MediaKind.VIDEO, null, "1080P", 1, 8.0)));
        assertPrice("0.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
    }
}
