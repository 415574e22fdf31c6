package io.mediagate.catalog.health;

import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.Stats;
import io.mediagate.common.model.ModelId;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Learns provider health from {@code generation.events}: every provider call routing made (skipped
 * calls aside), and the offers whose provider answered {@code gone} ({@link Retirements}). Each catalog replica reads
 * every event (its own consumer group) so all replicas agree.
 */
@ApplicationScoped
public class AttemptOutcomeConsumer {
    private final ProviderHealthBoard board;
    private final Retirements retirements;

    AttemptOutcomeConsumer(ProviderHealthBoard board, Retirements retirements) {
        this.board = board;
        this.retirements = retirements;
    }

    @Incoming("generation-events")
    public void learn(GenerationEvent event) {
        if (event == null || event.attempts() == null) {
            return;
        }
        Instant at = event.occurredAt() == null ? Instant.now() : event.occurredAt();
        for (Stats.Attempt attempt : event.attempts()) {
            switch (attempt.outcome() == null ? Stats.Outcome.SKIPPED : attempt.outcome()) {
                case SUCCESS -> board.record(attempt.provider(), at, true, attempt.ms(), null);
                case FAILURE -> {
                    // A refusal caused by the caller's request says nothing about the provider's health.
                    FailureClass failure = classOf(attempt);
                    if (failure == FailureClass.GONE && event.model() != null) {
                        ModelId.tryParse(event.model()).ifPresent(id -> retirements.retire(new Retirement(id.id(), attempt.provider(),
                                attempt.provider() + " answered that the model or endpoint is gone", at)));
                    }
                    if (failure.blamesProvider()) {
                        board.record(attempt.provider(), at, false, attempt.ms(), failure);
                    }
                }
                default -> { }
            }
        }
    }

    /** The attempt's class; events from before classes existed are classed by their code. */
    static FailureClass classOf(Stats.Attempt attempt) {
        if (attempt.failure() != null) {
            for (FailureClass c : FailureClass.values()) {
                if (c.wire().equals(attempt.failure())) {
                    return c;
                }
            }
        }
        return switch (attempt.code() == null ? "" : attempt.code()) {
            case "invalid_request" -> FailureClass.CALLER_ERROR;
            case "content_policy_violation" -> FailureClass.MODERATION;
            case "provider_timeout" -> FailureClass.TIMEOUT;
            default -> FailureClass.TRANSIENT;
        };
    }
}
