package io.mediagate.routing.messaging;

import io.mediagate.common.events.VideoWork;
import io.quarkus.kafka.client.serialization.ObjectMapperDeserializer;

/** JSON to {@link VideoWork}. */
public class VideoWorkDeserializer extends ObjectMapperDeserializer<VideoWork> {
    public VideoWorkDeserializer() {
        super(VideoWork.class);
    }
}
