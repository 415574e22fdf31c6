package io.mediagate.routing.jobs;

import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A running job's preview stills (a video's first frame once the provider's file is there, a streamed image job's partial
 * images), kept in the staging bucket with the job's other files ({@code previews/<index>}) and told as a {@code preview}
 * event whose {@code url} ({@code /v1/jobs/{id}/previews/{index}}, under the API's base) serves them to whoever may see
 * the job. They go when the job's staged files are cleared at its end, the finished item having files of its own. A
 * preview is best effort: one that cannot be kept is logged and the job goes on.
 */
@ApplicationScoped
public class JobPreviews {
    /** Largest still kept. */
    static final int MAX_BYTES = 8 * 1024 * 1024;
    private static final Logger LOG = Logger.getLogger(JobPreviews.class);
    private final Instance<StagingBucket> staging;
    private final JobEvents events;

    JobPreviews(Instance<StagingBucket> staging, JobEvents events) {
        this.staging = staging;
        this.events = events;
    }

    /**
     * Keeps still {@code index} of job {@code jobId} and tells it as a {@code preview} event, when it is an image whose
     * header reads ({@link Stills}), as the type its bytes show; anything else is dropped and logged, never stored.
     */
    public void keep(String jobId, int index, byte[] image, String mime) {
        Optional<String> checked = Stills.checked(image);
        if (checked.isEmpty()) {
            LOG.warnf("preview %d of job %s dropped: not a PNG, JPEG, WebP or GIF of sane dimensions (%d bytes, said to be %s)", index,
                    jobId, image == null ? 0 : image.length, mime);
            return;
        }
        mime = checked.get();
        try {
            staging.get().upload(key(jobId, index), image, mime);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("index", index);
            data.put("url", "/v1/jobs/" + jobId + "/previews/" + index);
            data.put("mime", mime);
            ContentSniffer.dimensions(image).ifPresent(d -> {
                data.put("width", d.width());
                data.put("height", d.height());
            });
            events.record(jobId, JobEvent.Kind.PREVIEW, data);
        } catch (RuntimeException e) {
            LOG.warnf("preview %d of job %s not kept: %s", index, jobId, e.toString());
        }
    }

    /** Still {@code index} of job {@code jobId}, while it is kept. */
    public Optional<Still> read(String jobId, int index) {
        return staging.get().read(key(jobId, index)).map(bytes -> new Still(bytes, ContentSniffer.mime(bytes).orElse("application/octet-stream")));
    }

    /** Lets a finished image job's stills go (a video's go with its other staged files). */
    public void forget(String jobId) {
        try {
            staging.get().clear(jobId);
        } catch (RuntimeException e) {
            LOG.warnf("the previews of job %s were not cleared: %s", jobId, e.toString());
        }
    }

    /** A kept still: its bytes and media type. */
    public record Still(byte[] bytes, String mime) {}

    private static String key(String jobId, int index) {
        return StagingBucket.key(jobId, "previews/" + index);
    }
}
