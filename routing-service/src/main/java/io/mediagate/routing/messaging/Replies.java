package io.mediagate.routing.messaging;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.routing.jobs.ReplyAddress;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Answers a Kafka request-reply requestor: the reply goes to the request's {@code REPLY_TOPIC} and
 * carries its {@code REPLY_CORRELATION_ID} (and, as the requestor requires, no reply-topic header).
 */
@ApplicationScoped
public class Replies {
    private final MutinyEmitter<GenerationReply> emitter;

    Replies(@Channel("generation-replies") MutinyEmitter<GenerationReply> emitter) {
        this.emitter = emitter;
    }

    /** Sends the reply if the request asked for one; waits for the broker's acknowledgement. */
    public void send(GenerationReply reply, ReplyAddress address) {
        if (address == null) {
            return;
        }
        Headers headers = new RecordHeaders().add(ReplyAddress.CORRELATION_HEADER, address.correlationBytes());
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(address.topic())
                .withKey(reply.jobId())
                .withHeaders(headers)
                .build();
        emitter.sendMessageAndAwait(Message.of(reply).addMetadata(metadata).addMetadata(TracingMetadata.withCurrent(Context.current())));
    }
}
