package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every typed Wire relies on: lenient where providers add, strict where they break the shape, and bodies that a parameter cannot rewrite. */
class WireJsonTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("acme", "Acme", "luma", List.of("video"), true, null, null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();

    enum State { @JsonProperty("queued") QUEUED, @JsonProperty("done") DONE, @JsonEnumDefaultValue UNKNOWN }

    record Job(State state, Integer percent, List<String> urls) {}

    record Body(String model, int steps, @JsonAnyGetter Map<String, Object> extra) {
        static final Set<String> DECLARED = Set.of("model", "steps");
    }

    @Test
    void aStateOrAFieldAddedByTheProviderLaterIsReadNotRefused() throws Exception {
        Job job = WireJson.read(PROVIDER, json.readTree("{\"state\": \"upscaling\", \"percent\": 40, \"eta\": 12, \"urls\": []}"), Job.class);
        assertEquals(State.UNKNOWN, job.state());
        assertEquals(40, job.percent());
        assertEquals(State.DONE, WireJson.read(PROVIDER, json.readTree("{\"state\": \"done\"}"), Job.class).state());
        assertNull(WireJson.read(PROVIDER, json.readTree("{}"), Job.class).state(), "absent is absent, for the Wire to judge");
    }

    @Test
    void anAnswerOfAnotherShapeIsTheProvidersFailureWorthAnotherOffer() throws Exception {
        ProviderException e = assertThrows(ProviderException.class,
                () -> WireJson.read(PROVIDER, json.readTree("{\"urls\": {\"first\": 1}}"), Job.class));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(e.retryable());
        assertTrue(e.getMessage().startsWith("acme "), e.getMessage());
    }

    @Test
    void theFreeParametersFollowTheDeclaredFieldsAndNeverRewriteOne() throws Exception {
        Map<String, Object> params = Map.of("model", "other", "seed", 7, "steps", 99);
        Body body = new Body("flux", 30, WireJson.extra(params, Body.DECLARED));
        var written = json.valueToTree(body);
        assertEquals("flux", written.path("model").asText());
        assertEquals(30, written.path("steps").asInt());
        assertEquals(7, written.path("seed").asInt());
        assertEquals(3, written.size(), "each field once: " + written);
    }
}
