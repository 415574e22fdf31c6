package io.mediagate.routing.messaging;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaKind;
import io.mediagate.routing.generation.ImageGeneration;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.video.VideoJobs;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Consumes {@code generation.requests}. A job already finished (a redelivery after a crash) is answered
 * from its stored reply; otherwise it runs, its outcome is stored once, published once, and replied.
 * Video jobs are handed to the pipeline ({@link VideoJobs}) and answered when it ends.
 * The Kafka offset is committed only after this returns, so a crash mid-job means the job runs again.
 */
@ApplicationScoped
public class GenerationConsumer {
    private static final Logger LOG = Logger.getLogger(GenerationConsumer.class);
    private final Jobs jobs;
    private final ImageGeneration images;
    private final Replies replies;
    private final JobEnds ends;
    private final VideoJobs videos;

    GenerationConsumer(Jobs jobs, ImageGeneration images, Replies replies, JobEnds ends, VideoJobs videos) {
        this.jobs = jobs;
        this.videos = videos;
        this.images = images;
        this.replies = replies;
        this.ends = ends;
    }

    @Incoming("generation-requests")
    @RunOnVirtualThread
    public void consume(ConsumerRecord<String, GenerationRequest> record) {
        GenerationRequest request = record.value();
        if (request == null || request.jobId() == null) {
            LOG.warnf("skipping unreadable generation request at %s-%d@%d", record.topic(), record.partition(), record.offset());
            return;
        }
        ReplyAddress replyTo = ReplyAddress.of(record.headers());
        var finished = jobs.finishedReply(request.jobId());
        if (finished.isPresent()) {
            replies.send(finished.get(), replyTo);
        } else if (request.kind() == MediaKind.VIDEO) {
            videos.run(request, replyTo);
        } else {
            runImage(request, replyTo);
        }
    }

    private void runImage(GenerationRequest request, ReplyAddress replyTo) {
        jobs.start(request);
        GenerationReply reply;
        try {
            reply = images.run(request);
        } catch (RuntimeException e) {
            reply = JobEnds.failure(request, e);
        }
        if (!ends.finish(request, replyTo, reply)) {
            replies.send(reply, replyTo); // another delivery ended the job; this requestor still gets an answer
        }
    }
}
