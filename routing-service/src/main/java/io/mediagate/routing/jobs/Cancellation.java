package io.mediagate.routing.jobs;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.MediaKind;
import io.mediagate.routing.messaging.GenerationEvents;
import io.mediagate.routing.messaging.Replies;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * Cancels a job: it ends as {@code cancelled} (costing nothing; its lease is freed by the event), a request
 * still waiting for it is answered 409 {@code job_cancelled}, and for a video the pipeline is told through
 * a marker in the staging bucket, so no stage works on it any more and its result is never published.
 */
@ApplicationScoped
public class Cancellation {
    private final Jobs jobs;
    private final GenerationEvents events;
    private final Replies replies;
    private final Instance<StagingBucket> staging;

    Cancellation(Jobs jobs, GenerationEvents events, Replies replies, Instance<StagingBucket> staging) {
        this.jobs = jobs;
        this.events = events;
        this.replies = replies;
        this.staging = staging;
    }

    public void cancel(String jobId) {
        GenerationReply reply = GenerationReply.cancelled(jobId);
        Jobs.Started cancelled = jobs.cancel(jobId, reply).orElseThrow(() ->
                new ApiException(ErrorCode.JOB_FINISHED, "job " + jobId + " has already finished"));
        if (cancelled.request().kind() == MediaKind.VIDEO) {
            staging.get().markCancelled(jobId);
        }
        events.finished(cancelled.request(), reply);
        replies.send(reply, cancelled.replyTo());
    }
}
