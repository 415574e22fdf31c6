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
import org.junit.jupiter.api.Test;

/** What every typed Wire relies on: lenient where providers add, strict where they break the shape, and bodies that a parameter cannot rewrite. */
class WireJsonTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("acme", "Acme", "luma", List.of("video"), true, null, null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();

    enum State { @JsonProperty("queued") QUEUED, @JsonProperty("done") DONE, @JsonEnumDefaultValue UNKNOWN }

    record Job(State state, Integer percent, List<String> urls) {}

    record Body(String model, int steps, @JsonAnyGetter Map<String, Object> extra) {}

    record Named(@JsonProperty("model_name") String modelName, @JsonAnyGetter Map<String, Object> extra) {}

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
        Body body = new Body("flux", 30, WireJson.extra(params, Body.class));
        var written = json.valueToTree(body);
        assertEquals("flux", written.path("model").asText());
        assertEquals(30, written.path("steps").asInt());
        assertEquals(7, written.path("seed").asInt());
        assertEquals(3, written.size(), "each field once: " + written);
    }

    @Test
    void aFieldNamedOnTheWireIsDeclaredByThatName() {
        var written = json.valueToTree(new Named("kling-v2", WireJson.extra(Map.of("model_name", "other", "modelName", "x"), Named.class)));
        assertEquals("kling-v2", written.path("model_name").asText());
        assertEquals(2, written.size(), "model_name once, and the parameter that is not a wire name: " + written);
    }

    @Test
    void aProviderAnsweringTenThousandNestedArraysIsAFailureNotACrash() {
        // the parser refuses such a body before it gets here; a tree built another way must not overflow the stack either
        com.fasterxml.jackson.databind.node.ObjectNode answer = json.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode deep = answer.putArray("urls");
        for (int i = 0; i < 10_000; i++) {
            deep = deep.addArray();
        }
        assertEquals(FailureClass.TRANSIENT, assertThrows(ProviderException.class, () -> WireJson.read(PROVIDER, answer, Job.class)).failure());
        com.fasterxml.jackson.databind.node.ObjectNode unknown = json.createObjectNode().put("state", "done");
        deep = unknown.putArray("debug");
        for (int i = 0; i < 10_000; i++) {
            deep = deep.addArray();
        }
        assertEquals(State.DONE, WireJson.read(PROVIDER, unknown, Job.class).state(), "a field it does not read is skipped, however deep");
    }
}
