package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.PartialImage;
import io.mediagate.routing.providers.TaskControl;

/**
 * A provider call's view of its job: cancelled when the job was cancelled, the provider's progress
 * recorded as the generating stage's share of the job's progress (which ends where transcoding starts), and a streamed
 * image job's partial images handed to {@code partials} (at most as many as were asked for).
 */
public record JobControl(Jobs jobs, String jobId, int partialImages, PartialSink partials) implements TaskControl {
    /** Where partial images go: towards the gateway holding the job's stream. */
    public interface PartialSink {
        void send(PartialImage partial);
    }

    public JobControl(Jobs jobs, String jobId) {
        this(jobs, jobId, 0, null);
    }

    @Override
    public void partial(int index, byte[] image, String mime) {
        if (partials != null && index >= 0 && index < partialImages) {
            partials.send(new PartialImage(jobId, index, mime, image));
        }
    }

    @Override
    public boolean cancelled() {
        return jobs.started(jobId).map(s -> s.status() == JobStatus.CANCELLED).orElse(false);
    }

    @Override
    public void progress(int percent) {
        jobs.advance(jobId, Stage.GENERATING, Stage.progressWithin(Stage.GENERATING, percent));
    }
}
