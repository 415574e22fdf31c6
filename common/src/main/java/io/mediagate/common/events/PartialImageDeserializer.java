package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link PartialImage} from its JSON on Kafka, with the service's own ObjectMapper; named in the consumer's channel configuration. */
public class PartialImageDeserializer extends ObjectMapperDeserializer<PartialImage> {
    public PartialImageDeserializer() {
        super(PartialImage.class);
    }
}
