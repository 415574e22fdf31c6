package io.mediagate.routing.jobs;

import io.mediagate.common.events.PartialImage;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Sends a streamed job's partial images on {@code generation.partials}, keyed by job, for the gateway replica holding its
 * stream. A preview only: one that cannot be sent is logged and dropped, never failing the job.
 */
@ApplicationScoped
public class PartialImages implements JobControl.PartialSink {
    private static final Logger LOG = Logger.getLogger(PartialImages.class);
    private final MutinyEmitter<PartialImage> emitter;
    private final JobPreviews previews;

    PartialImages(@Channel("generation-partials") MutinyEmitter<PartialImage> emitter, JobPreviews previews) {
        this.emitter = emitter;
        this.previews = previews;
    }

    /** The partial image to the job's stream, and kept as the job's preview still of the same index. */
    @Override
    public void send(PartialImage partial) {
        emitter.sendMessage(Message.of(partial).addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(partial.jobId()).build()))
                .subscribe().with(done -> { }, failure -> LOG.warnf("partial image %d of job %s not sent: %s", partial.index(),
                        partial.jobId(), failure.toString()));
        if (!partial.started()) {
            previews.keep(partial.jobId(), partial.index(), partial.image(), partial.mime());
        }
    }
}
