package io.mediagate.routing.messaging;

import io.mediagate.common.events.GenerationRequest;
import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** JSON to {@link GenerationRequest} for the {@code generation-requests} channel. */
public class GenerationRequestDeserializer extends ObjectMapperDeserializer<GenerationRequest> {
    public GenerationRequestDeserializer() {
        super(GenerationRequest.class);
    }
}
