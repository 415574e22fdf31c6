package io.mediagate.routing.generation.video;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import io.mediagate.routing.jobs.JobEnds;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * A video job from request to answer: generation here, then the pipeline; the job's stage follows the
 * pipeline topics and the last one finishes it (reply to a waiting gateway, generation event for usage,
 * health and leases). A redelivered request of a job the pipeline already holds does nothing.
 */
@ApplicationScoped
public class VideoJobs {
    private static final Logger LOG = Logger.getLogger(VideoJobs.class);
    private final Jobs jobs;
    private final VideoGeneration generation;
    private final VideoPipeline pipeline;
    private final JobEnds ends;
    private final StagingBucket staging;
    private final Clock clock;

    VideoJobs(Jobs jobs, VideoGeneration generation, VideoPipeline pipeline, JobEnds ends, StagingBucket staging, Clock clock) {
        this.jobs = jobs;
        this.generation = generation;
        this.pipeline = pipeline;
        this.ends = ends;
        this.staging = staging;
        this.clock = clock;
    }

    /** Generates the video of a job just begun and hands it to the pipeline. */
    public void run(GenerationRequest request) {
        VideoWork work;
        try {
            work = generation.generate(request);
        } catch (RuntimeException e) {
            ends.end(request.jobId(), JobEnds.failure(request, e));
            return;
        }
        if (jobs.started(request.jobId()).map(s -> s.status().finished()).orElse(true)) {
            return; // cancelled while generating: the pipeline never sees it
        }
        pipeline.generated(work);
        jobs.advance(request.jobId(), JobStage.TRANSCODING, JobStage.TRANSCODING.progressAt());
    }

    public void progressed(String topic, VideoWork work) {
        switch (topic) {
            case Topics.VIDEO_TRANSCODED -> jobs.advance(work.jobId(), JobStage.THUMBNAIL, JobStage.THUMBNAIL.progressAt());
            case Topics.VIDEO_THUMBNAILED -> jobs.advance(work.jobId(), JobStage.STORING, JobStage.STORING.progressAt());
            case Topics.VIDEO_COMPLETED -> completed(work);
            case Topics.VIDEO_FAILED -> failed(work);
            default -> LOG.warnf("ignoring a message on unexpected topic %s", topic);
        }
    }

    private void completed(VideoWork work) {
        Stats s = work.stats();
        long processing = Math.max(0, clock.millis() - work.acceptedAt().toEpochMilli() - s.setupTime() - s.generationTime());
        Stats stats = s.withProcessingTime(processing);
        if (ends.end(work.jobId(), GenerationReply.ok(work.jobId(), List.of(work.media()), work.price(), stats))) {
            staging.clear(work.jobId());
        }
    }

    /**
     * The pipeline gave the job up. An outage it could not wait out is {@code service_unavailable} with the pipeline's
     * message; anything else is an internal error whose detail stays in the pipeline's log and dead-letter topic.
     */
    private void failed(VideoWork work) {
        boolean outage = work.failure() != null && work.failure().errorCode() == ErrorCode.SERVICE_UNAVAILABLE;
        ErrorBody error = outage ? ApiException.unavailable(work.failure().message()).body(work.requestId())
                : ErrorBody.of(ErrorCode.INTERNAL_ERROR, "the video could not be processed", null, work.requestId(), Map.of());
        ends.end(work.jobId(), GenerationReply.failed(work.jobId(), error, work.stats()));
    }
}
