package io.mediagate.routing.messaging;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.tracing.KafkaTraceHeaders;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.MediaKind;
import io.mediagate.routing.generation.image.ImageGeneration;
import io.mediagate.routing.generation.video.VideoJobs;
import io.mediagate.routing.jobs.JobEnds;
import io.mediagate.routing.jobs.JobPreviews;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.jobs.ReplyAddress;
import io.mediagate.routing.providerbatches.ProviderBatching;
import io.opentelemetry.api.trace.SpanKind;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Consumes {@code generation.requests}, and a batch's lines from {@code generation.batch}. A job that already ended (a redelivery after a crash) is answered
 * from its stored reply; otherwise it runs and ends once ({@link JobEnds}). Video jobs are handed to the
 * pipeline ({@link VideoJobs}) and end when it does. A batch line sent through its provider's batch API parks
 * ({@link ProviderBatching}): its message is acknowledged and the job runs when it is sent again with the answer. The Kafka offset is committed only after this
 * returns, so a crash mid-job means the job runs again.
 */
@ApplicationScoped
public class GenerationConsumer {
    private static final Logger LOG = Logger.getLogger(GenerationConsumer.class);
    private final Jobs jobs;
    private final ImageGeneration images;
    private final Replies replies;
    private final JobEnds ends;
    private final VideoJobs videos;
    private final Tracing tracing;
    private final JobPreviews previews;
    private final InteractiveLoad load;
    private final ProviderBatching batching;

    GenerationConsumer(Jobs jobs, ImageGeneration images, Replies replies, JobEnds ends, VideoJobs videos, Tracing tracing,
                       JobPreviews previews, InteractiveLoad load, ProviderBatching batching) {
        this.batching = batching;
        this.load = load;
        this.previews = previews;
        this.jobs = jobs;
        this.tracing = tracing;
        this.videos = videos;
        this.images = images;
        this.replies = replies;
        this.ends = ends;
    }

    @Incoming("generation-requests")
    @RunOnVirtualThread
    public void consume(ConsumerRecord<String, GenerationRequest> record) {
        load.enter();
        try {
            handle(record);
        } finally {
            load.exit();
        }
    }

    /** A batch's line: the same job as any other, from its own topic and consumer group, answered to no one waiting. */
    @Incoming("generation-batch")
    @RunOnVirtualThread
    public void consumeBatchLine(ConsumerRecord<String, GenerationRequest> record) {
        handle(record);
    }

    private void handle(ConsumerRecord<String, GenerationRequest> record) {
        GenerationRequest request = record.value();
        if (request == null || request.jobId() == null || request.kind() == null) {
            LOG.warnf("skipping unreadable generation request at %s-%d@%d", record.topic(), record.partition(), record.offset());
            return;
        }
        ReplyAddress replyTo = ReplyAddress.of(record.headers());
        boolean video = request.kind() == MediaKind.VIDEO;
        // The job continues the trace of the request the gateway accepted (its traceparent header).
        try (Tracing.Traced traced = tracing.start(video ? "generate video" : "generate image", SpanKind.CONSUMER,
                tracing.extract(KafkaTraceHeaders.reader(record.headers())), request.jobId())) {
            traced.attribute("mediagate.model", request.model());
            run(request, video, replyTo);
        }
    }

    private void run(GenerationRequest request, boolean video, ReplyAddress replyTo) {
        switch (WhileUnavailable.retry("starting " + request.jobId(), () -> jobs.begin(request, video ? JobStage.GENERATING : null, replyTo),
                ends.patience(), WhileUnavailable.Pause.REAL)) {
            case Jobs.Begun.Ended ended -> replies.send(ended.reply(), replyTo);
            case Jobs.Begun.Held held -> { }
            case Jobs.Begun.Run run -> {
                if (video) {
                    videos.run(request);
                } else {
                    runImage(request, replyTo);
                }
            }
        }
    }

    private void runImage(GenerationRequest request, ReplyAddress replyTo) {
        if (batching.parked(request)) {
            return; // its provider's batch API has it; the job is sent again when the answer is back
        }
        GenerationReply reply;
        try {
            reply = images.run(request);
        } catch (RuntimeException e) {
            reply = JobEnds.failure(request, e);
        }
        if (!ends.end(request.jobId(), reply)) {
            replies.send(reply, replyTo); // another delivery ended the job; this requestor still gets an answer
        }
        if (request.options().partials() > 0) {
            previews.forget(request.jobId());
        }
    }
}
