package io.mediagate.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** An attempt's outcome is an enum in code and the same lower-case word on the wire, so no consumer sees a change. */
class AttemptOutcomeTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theWireKeepsItsWords() throws Exception {
        String wire = json.writeValueAsString(new Stats.Attempt("p", Stats.Outcome.FAILURE, "provider_error", 12, "transient"));
        assertEquals("failure", json.readTree(wire).path("outcome").asText(), wire);
        Stats.Attempt read = json.readValue("{\"provider\":\"p\",\"outcome\":\"skipped\",\"code\":\"circuit_open\",\"ms\":0}",
                Stats.Attempt.class);
        assertEquals(Stats.Outcome.SKIPPED, read.outcome());
        assertNull(Stats.Outcome.of("later"), "an outcome a newer version writes is not a failure here");
    }
}
