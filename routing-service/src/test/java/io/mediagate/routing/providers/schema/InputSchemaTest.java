package io.mediagate.routing.providers.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ProviderException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A request fitted to a marketplace model's schema before it is sent: what is sent, left out, or refused, and whose fault. */
class InputSchemaTest {
    private final InputSchema hailuo = InputSchemas.of("replicate", "minimax/hailuo-02").orElseThrow();
    private final InputSchema falHailuo = InputSchemas.of("fal", "fal-ai/minimax/hailuo-02/standard/text-to-video").orElseThrow();

    private static Map<String, Object> input(Object... pairs) {
        Map<String, Object> input = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            input.put((String) pairs[i], pairs[i + 1]);
        }
        return input;
    }

    @Test
    void aPinnedVersionReadsItsModelsSnapshotAndAnUnknownModelHasNone() {
        assertTrue(InputSchemas.of("replicate", "minimax/hailuo-02:c43b610e").isPresent());
        assertTrue(InputSchemas.of("replicate", "someone/unknown-model").isEmpty());
        assertTrue(InputSchemas.of("replicate", "../../etc/passwd").isEmpty());
    }

    @Test
    void eachInputIsSentInTheTypeTheModelTakes() {
        assertEquals("10", falHailuo.fit(input("prompt", "waves", "duration", 10), Set.of()).get("duration"), "fal takes \"10\"");
        assertEquals(10, hailuo.fit(input("prompt", "waves", "duration", "10", "resolution", "768p"), Set.of()).get("duration"),
                "Replicate takes 10");
    }

    @Test
    void whatChangesTheBillIsAlwaysSentAndTheOffersChoiceWins() {
        Map<String, Object> fitted = hailuo.fit(input("prompt", "waves", "resolution", "768p"), Set.of());
        assertEquals("768p", fitted.get("resolution"));
        assertEquals(6, fitted.get("duration"), "the default length, stated");
        assertEquals("1080p", hailuo.fit(input("prompt", "waves"), Set.of()).get("resolution"),
                "no choice: the model's default is stated, so the request says what the provider bills");
    }

    @Test
    void anInputOfOurMappingTheModelDoesNotTakeIsLeftOut() {
        Map<String, Object> fitted = falHailuo.fit(input("prompt", "waves", "duration", 6, "aspect_ratio", "16:9"), Set.of());
        assertFalse(fitted.containsKey("aspect_ratio"));
    }

    @Test
    void aCallersValueTheModelDoesNotAllowIsRefusedNamingTheField() {
        ProviderException e = assertThrows(ProviderException.class, () -> hailuo.fit(input("prompt", "waves", "resolution", "4k"),
                Set.of("resolution")));
        assertEquals(FailureClass.CALLER_ERROR, e.failure());
        assertEquals("resolution", e.param());
        assertTrue(e.getMessage().contains("512p"), e.getMessage());
    }

    @Test
    void ourOwnValueOrAMissingRequiredInputIsTheOffersFault() {
        ProviderException length = assertThrows(ProviderException.class, () -> hailuo.fit(input("prompt", "waves", "duration", 7), Set.of()));
        assertNull(length.param(), "no field of the caller's: routing tries the next offer");
        InputSchema kontext = InputSchemas.of("fal", "fal-ai/flux-pro/kontext").orElseThrow();
        ProviderException image = assertThrows(ProviderException.class, () -> kontext.fit(input("prompt", "a cat"), Set.of()));
        assertNull(image.param());
        assertTrue(image.getMessage().contains("image_url"), image.getMessage());
        ProviderException undeclared = assertThrows(ProviderException.class, () -> hailuo.fit(input("prompt", "waves", "seed", 3),
                Set.of("seed")));
        assertNull(undeclared.param(), "a feature the offer declares but the model lacks is the catalog's fault");
    }

    @Test
    void boundsAreChecked() {
        InputSchema pro = InputSchemas.of("replicate", "black-forest-labs/flux-1.1-pro").orElseThrow();
        assertTrue(pro.allows("width", 1440));
        assertFalse(pro.allows("width", 2048));
        assertTrue(pro.allows("aspect_ratio", "custom"));
        assertFalse(pro.allows("aspect_ratio", "7:4"));
    }
}
