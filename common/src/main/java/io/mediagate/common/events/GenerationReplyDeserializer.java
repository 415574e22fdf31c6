package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link GenerationReply} from its JSON on Kafka, with the service's own ObjectMapper; named in each consumer's channel configuration. */
public class GenerationReplyDeserializer extends ObjectMapperDeserializer<GenerationReply> {
    public GenerationReplyDeserializer() {
        super(GenerationReply.class);
    }
}
