package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link GenerationRequest} from its JSON on Kafka, with the service's own ObjectMapper; named in each consumer's channel configuration. */
public class GenerationRequestDeserializer extends ObjectMapperDeserializer<GenerationRequest> {
    public GenerationRequestDeserializer() {
        super(GenerationRequest.class);
    }
}
