package io.mediagate.routing.messaging;

import io.mediagate.common.events.VideoWork;
import io.mediagate.common.tracing.KafkaTraceHeaders;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.routing.generation.video.VideoJobs;
import io.opentelemetry.api.trace.SpanKind;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/** Follows video jobs through the pipeline topics; the last one finishes the job. */
@ApplicationScoped
public class VideoProgressConsumer {
    private static final Logger LOG = Logger.getLogger(VideoProgressConsumer.class);
    private final VideoJobs jobs;
    private final Tracing tracing;

    VideoProgressConsumer(VideoJobs jobs, Tracing tracing) {
        this.jobs = jobs;
        this.tracing = tracing;
    }

    @Incoming("video-progress")
    @Blocking
    public void consume(ConsumerRecord<String, VideoWork> record) {
        if (record.value() == null || record.value().jobId() == null) {
            LOG.warnf("skipping unreadable pipeline message at %s-%d@%d", record.topic(), record.partition(), record.offset());
            return;
        }
        // In the job's trace, which the pipeline's stages carry in their records' headers.
        try (Tracing.Traced traced = tracing.start("video progress " + record.topic(), SpanKind.CONSUMER,
                tracing.extract(KafkaTraceHeaders.reader(record.headers())), record.value().jobId())) {
            jobs.progressed(record.topic(), record.value());
        }
    }
}
