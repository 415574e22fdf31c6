package io.mediagate.routing.messaging;

import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Publishes finished generations on {@code generation.events}, keyed by job id, for usage and health. */
@ApplicationScoped
public class GenerationEvents {
    private final MutinyEmitter<GenerationEvent> emitter;
    private final Clock clock;

    GenerationEvents(@Channel("generation-events") MutinyEmitter<GenerationEvent> emitter, Clock clock) {
        this.emitter = emitter;
        this.clock = clock;
    }

    public void finished(GenerationRequest request, GenerationReply reply) {
        Stats stats = reply.stats();
        List<Stats.Attempt> attempts = stats == null || stats.attempts() == null ? List.of() : stats.attempts();
        GenerationEvent event = new GenerationEvent(request.jobId(), request.userId(), request.kind(),
                status(reply), request.model(),
                stats == null ? null : stats.providerId(), reply.price(),
                reply.data() == null ? 0 : reply.data().size(), attempts, Instant.now(clock));
        send(event);
    }

    private static String status(GenerationReply reply) {
        if (reply.success()) {
            return GenerationEvent.SUCCEEDED;
        }
        return reply.isCancelled() ? GenerationEvent.CANCELLED : GenerationEvent.FAILED;
    }

    private void send(GenerationEvent event) {
        emitter.sendMessageAndAwait(Message.of(event).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(event.jobId()).build()));
    }
}
