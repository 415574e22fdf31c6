package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import io.mediagate.routing.providers.TaskControl;

/**
 * A provider call's view of its job: cancelled when the job was cancelled, and the provider's progress
 * recorded as the generating stage's share of the job's progress (which ends where transcoding starts).
 */
public record JobControl(Jobs jobs, String jobId) implements TaskControl {
    @Override
    public boolean cancelled() {
        return jobs.started(jobId).map(s -> s.status() == JobStatus.CANCELLED).orElse(false);
    }

    @Override
    public void progress(int percent) {
        jobs.advance(jobId, Stage.GENERATING, percent * (Stage.progressAt(Stage.TRANSCODING) - 1) / 100);
    }
}
