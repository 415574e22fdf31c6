package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link StageProgress} from its JSON on Kafka, with the service's own ObjectMapper; named in the consumer's channel configuration. */
public class StageProgressDeserializer extends ObjectMapperDeserializer<StageProgress> {
    public StageProgressDeserializer() {
        super(StageProgress.class);
    }
}
