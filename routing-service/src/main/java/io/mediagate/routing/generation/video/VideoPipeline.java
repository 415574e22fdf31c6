package io.mediagate.routing.generation.video;

import io.mediagate.common.events.VideoWork;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Hands a generated video to the pipeline on {@code video.generated}, keyed by job id and carrying the
 * job's trace; waits for the broker.
 */
@ApplicationScoped
public class VideoPipeline {
    private final MutinyEmitter<VideoWork> emitter;

    VideoPipeline(@Channel("video-generated") MutinyEmitter<VideoWork> emitter) {
        this.emitter = emitter;
    }

    public void generated(VideoWork work) {
        emitter.sendMessageAndAwait(Message.of(work)
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(work.jobId()).build())
                .addMetadata(TracingMetadata.withCurrent(Context.current())));
    }
}
