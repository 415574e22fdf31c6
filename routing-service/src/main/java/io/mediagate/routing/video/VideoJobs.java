package io.mediagate.routing.video;

import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.routing.jobs.JobStatus;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.jobs.Stage;
import io.mediagate.routing.messaging.JobEnds;
import io.mediagate.routing.messaging.ReplyAddress;
import io.mediagate.routing.messaging.VideoPipeline;
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

    public void run(GenerationRequest request, ReplyAddress replyTo) {
        if (!jobs.start(request, Stage.GENERATING, replyTo)) {
            return;
        }
        VideoWork work;
        try {
            work = generation.generate(request);
        } catch (RuntimeException e) {
            ends.finish(request, replyTo, JobEnds.failure(request, e));
            return;
        }
        if (jobs.started(request.jobId()).map(s -> JobStatus.finished(s.status())).orElse(true)) {
            return; // cancelled while generating: the pipeline never sees it
        }
        pipeline.generated(work);
        jobs.advance(request.jobId(), Stage.TRANSCODING, Stage.progressAt(Stage.TRANSCODING));
    }

    public void progressed(String topic, VideoWork work) {
        switch (topic) {
            case Topics.VIDEO_TRANSCODED -> jobs.advance(work.jobId(), Stage.THUMBNAIL, Stage.progressAt(Stage.THUMBNAIL));
            case Topics.VIDEO_THUMBNAILED -> jobs.advance(work.jobId(), Stage.STORING, Stage.progressAt(Stage.STORING));
            case Topics.VIDEO_COMPLETED -> completed(work);
            case Topics.VIDEO_FAILED -> failed(work);
            default -> LOG.warnf("ignoring a message on unexpected topic %s", topic);
        }
    }

    private void completed(VideoWork work) {
        jobs.started(work.jobId()).ifPresentOrElse(started -> {
            Stats s = work.stats();
            long processing = Math.max(0, clock.millis() - work.acceptedAt().toEpochMilli() - s.setupTime() - s.generationTime());
            Stats stats = new Stats(s.setupTime(), processing, s.generationTime(), s.retries(), s.providerId(), s.attempts(),
                    s.routing(), s.ignoredParams());
            GenerationReply reply = GenerationReply.ok(work.jobId(), List.of(work.media()), work.price(), stats);
            if (ends.finish(started.request(), started.replyTo(), reply)) {
                staging.clear(work.jobId());
            }
        }, () -> LOG.warnf("pipeline finished unknown job %s", work.jobId()));
    }

    private void failed(VideoWork work) {
        jobs.started(work.jobId()).ifPresent(started -> ends.finish(started.request(), started.replyTo(),
                GenerationReply.failed(work.jobId(), ErrorBody.of(ErrorCode.INTERNAL_ERROR,
                        "the video could not be processed", null, work.requestId(), Map.of()), work.stats())));
    }
}
