package io.mediagate.common.events;

import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** {@link VideoWork} from its JSON on Kafka, with the service's own ObjectMapper; named in each consumer's channel configuration. */
public class VideoWorkDeserializer extends ObjectMapperDeserializer<VideoWork> {
    public VideoWorkDeserializer() {
        super(VideoWork.class);
    }
}
