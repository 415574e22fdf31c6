package io.mediagate.gateway.generation;

import io.mediagate.common.events.GenerationReply;
import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** JSON to {@link GenerationReply} for replies on {@code generation.replies}. */
public class GenerationReplyDeserializer extends ObjectMapperDeserializer<GenerationReply> {
    public GenerationReplyDeserializer() {
        super(GenerationReply.class);
    }
}
