package io.mediagate.routing.messaging;

import io.mediagate.common.events.StageProgress;
import io.mediagate.routing.jobs.Jobs;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * A pipeline stage's progress with a video job ({@code video.progress}) as the job's progress: its share of the stage's
 * part of the job ({@link Stage#progressWithin}); a report that the job's video plays as its {@code playable} event
 * ({@link Jobs#playable}). A hint: a report of a stage the job has left, or one that cannot be applied, is dropped.
 */
@ApplicationScoped
public class StageProgressConsumer {
    private static final Logger LOG = Logger.getLogger(StageProgressConsumer.class);
    private final Jobs jobs;

    StageProgressConsumer(Jobs jobs) {
        this.jobs = jobs;
    }

    @Incoming("stage-progress")
    @Blocking
    public void consume(StageProgress report) {
        if (report == null || report.jobId() == null || report.stage() == null || !report.stage().inPipeline()) {
            return;
        }
        try {
            if (report.playable() != null) {
                jobs.playable(report.jobId(), report.playable());
                return;
            }
            jobs.advance(report.jobId(), report.stage(), report.stage().progressWithin(report.percent()));
        } catch (RuntimeException e) {
            LOG.debugf("progress of job %s not kept: %s", report.jobId(), e.toString());
        }
    }
}
