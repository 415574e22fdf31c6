package io.mediagate.routing.jobs;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * Cancels a job: it ends as {@code cancelled} the way every job ends ({@link JobEnds}: costing nothing,
 * its lease freed by the event, a request still waiting answered 409 {@code job_cancelled}), and for a
 * video the pipeline is told through a marker in the staging bucket, so no stage works on it any more and
 * its result is never published.
 */
@ApplicationScoped
public class Cancellation {
    private final JobEnds ends;
    private final Instance<StagingBucket> staging;

    Cancellation(JobEnds ends, Instance<StagingBucket> staging) {
        this.ends = ends;
        this.staging = staging;
    }

    public void cancel(String jobId, boolean video) {
        if (!ends.end(jobId, GenerationReply.cancelled(jobId))) {
            throw new ApiException(ErrorCode.JOB_FINISHED, "job " + jobId + " has already finished");
        }
        if (video) {
            staging.get().markCancelled(jobId);
        }
    }
}
