package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.PartialImage;
import io.mediagate.common.values.JobStage;
import io.mediagate.routing.providers.TaskControl;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A provider call's view of its job: cancelled when the job was cancelled, the provider's progress
 * recorded as the generating stage's share of the job's progress (which ends where transcoding starts), and a streamed
 * image job's partial images handed to {@code partials} (at most as many as were asked for, each once, each an image).
 */
public record JobControl(Jobs jobs, String jobId, int partialImages, PartialSink partials, Taken taken) implements TaskControl {
    private static final Logger LOG = Logger.getLogger(JobControl.class);

    public JobControl(Jobs jobs, String jobId, int partialImages, PartialSink partials) {
        this(jobs, jobId, partialImages, partials, new Taken());
    }

    /** Where partial images go: towards the gateway holding the job's stream. */
    public interface PartialSink {
        void send(PartialImage partial);
    }

    public JobControl(Jobs jobs, String jobId) {
        this(jobs, jobId, 0, null);
    }

    /**
     * A partial image as the provider made it: passed on only when it is one of those asked for (its index below
     * {@code partialImages}, each index once) and really an image ({@link Stills}); anything else is dropped and logged.
     */
    @Override
    public void partial(int index, byte[] image, String mime) {
        if (partials == null || index < 0 || index >= partialImages || index >= Long.SIZE || !taken.claim(index)) {
            return;
        }
        Optional<String> checked = Stills.checked(image);
        if (checked.isEmpty()) {
            LOG.warnf("partial image %d of job %s dropped: not a PNG, JPEG, WebP or GIF of sane dimensions (%d bytes)", index, jobId,
                    image == null ? 0 : image.length);
            return;
        }
        partials.send(new PartialImage(jobId, index, checked.get(), image));
    }

    /** The partial images' indexes already passed on (or dropped), so that a provider repeating one is not heard twice. */
    static final class Taken {
        private final java.util.concurrent.atomic.AtomicLong seen = new java.util.concurrent.atomic.AtomicLong();

        boolean claim(int index) {
            long bit = 1L << index;
            return (seen.getAndUpdate(s -> s | bit) & bit) == 0;
        }
    }

    @Override
    public boolean cancelled() {
        return jobs.started(jobId).map(s -> s.status() == JobStatus.CANCELLED).orElse(false);
    }

    @Override
    public void progress(int percent) {
        jobs.advance(jobId, JobStage.GENERATING, JobStage.GENERATING.progressWithin(percent));
    }
}
