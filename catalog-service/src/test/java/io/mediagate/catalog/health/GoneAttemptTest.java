package io.mediagate.catalog.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.MediaKind;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A {@code gone} attempt retires the offer of the event's model at that provider, and is not held against its health. */
class GoneAttemptTest {
    private final ProviderHealthBoard board = new ProviderHealthBoard(Clock.systemUTC());
    private final Retirements retirements = new Retirements();
    private final AttemptOutcomeConsumer consumer = new AttemptOutcomeConsumer(board, retirements);

    @Test
    void aGoneAttemptRetiresThatOfferOnly() {
        Instant at = Instant.now();
        consumer.learn(new GenerationEvent("job_1", "usr_1", MediaKind.IMAGE, JobStatus.SUCCEEDED, "Google/Imagen-4:4.0", "backup",
                new BigDecimal("0.04"), 1, List.of(new Stats.Attempt("google-images", Stats.Outcome.FAILURE, "provider_unavailable", 120, "gone"),
                        Stats.Attempt.success("backup", 900)), at, "key_1"));
        var retired = retirements.of("google/imagen-4", "google-images").orElseThrow();
        assertEquals(at, retired.at());
        assertTrue(retired.reason().contains("gone"), retired.reason());
        assertTrue(retirements.of("google/imagen-4", "backup").isEmpty());
        HealthSnapshot health = board.of(new ProviderSpec("google-images", "g", "gemini", List.of("image"), true, null, null, Instant.EPOCH));
        assertNull(health.lastErrorClass(), "the provider's other models work; its health does not suffer");
    }
}
