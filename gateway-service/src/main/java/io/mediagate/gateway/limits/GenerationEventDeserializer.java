package io.mediagate.gateway.limits;

import io.mediagate.common.events.GenerationEvent;
import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** JSON to {@link GenerationEvent}. */
public class GenerationEventDeserializer extends ObjectMapperDeserializer<GenerationEvent> {
    public GenerationEventDeserializer() {
        super(GenerationEvent.class);
    }
}
