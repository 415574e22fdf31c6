package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link GenerationEvent} from its JSON on Kafka, with the service's own ObjectMapper; named in each consumer's channel configuration. */
public class GenerationEventDeserializer extends ObjectMapperDeserializer<GenerationEvent> {
    public GenerationEventDeserializer() {
        super(GenerationEvent.class);
    }
}
