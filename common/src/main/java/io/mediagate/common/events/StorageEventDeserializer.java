package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link StorageEvent} from its JSON on Kafka, with the service's own ObjectMapper; named in each consumer's channel configuration. */
public class StorageEventDeserializer extends ObjectMapperDeserializer<StorageEvent> {
    public StorageEventDeserializer() {
        super(StorageEvent.class);
    }
}
