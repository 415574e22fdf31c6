package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** An offer's unit travels by its lowercase name; one a newer catalog adds reads as UNKNOWN, for validation to refuse by name. */
class OfferUnitTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aUnitThisVersionDoesNotKnowReadsAsUnknownNotAsAFailure() throws Exception {
        assertEquals(OfferUnit.UNKNOWN, json.readValue("\"token\"", OfferUnit.class));
        assertEquals("\"second\"", json.writeValueAsString(OfferUnit.SECOND));
    }
}
