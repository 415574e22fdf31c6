package io.mediagate.routing.messaging;

import io.mediagate.common.events.StageProgress;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.jobs.Stage;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
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
    private static final Set<String> STAGES = Set.of(Stage.TRANSCODING, Stage.THUMBNAIL, Stage.STORING);
    private final Jobs jobs;

    StageProgressConsumer(Jobs jobs) {
        this.jobs = jobs;
    }

    @Incoming("stage-progress")
    @Blocking
    public void consume(StageProgress report) {
        if (report == null || report.jobId() == null || !STAGES.contains(report.stage())) {
            return;
        }
        try {
            if (report.playable() != null) {
                jobs.playable(report.jobId(), report.playable());
                return;
            }
            jobs.advance(report.jobId(), report.stage(), Stage.progressWithin(report.stage(), report.percent()));
        } catch (RuntimeException e) {
            LOG.debugf("progress of job %s not kept: %s", report.jobId(), e.toString());
        }
    }
}
