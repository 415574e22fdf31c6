package io.mediagate.usage.storage;

import io.mediagate.common.events.StorageEvent;
import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** JSON to {@link StorageEvent}. */
public class StorageEventDeserializer extends ObjectMapperDeserializer<StorageEvent> {
    public StorageEventDeserializer() {
        super(StorageEvent.class);
    }
}
