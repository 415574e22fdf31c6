package io.mediagate.gateway.generation;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.smallrye.reactive.messaging.kafka.reply.KafkaRequestReply;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Ready only once this gateway's reply consumer has its partitions of {@code generation.replies}: before
 * that, a generation it accepted could be answered while nobody here is listening.
 */
@Readiness
@ApplicationScoped
public class RepliesReadiness implements HealthCheck {
    private final KafkaRequestReply<GenerationRequest, GenerationReply> routing;

    RepliesReadiness(@Channel("generation-requests") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = Submissions.BUFFER)
                     KafkaRequestReply<GenerationRequest, GenerationReply> routing) {
        this.routing = routing;
    }

    @Override
    public HealthCheckResponse call() {
        try {
            Set<TopicPartition> assigned = routing.getConsumer().getAssignments().await().atMost(Duration.ofSeconds(2));
            return HealthCheckResponse.named("generation-replies").status(!assigned.isEmpty())
                    .withData("partitions", assigned.size()).build();
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("generation-replies").down().withData("error", e.getClass().getSimpleName()).build();
        }
    }
}
