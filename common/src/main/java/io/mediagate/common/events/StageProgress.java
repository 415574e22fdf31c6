package io.mediagate.common.events;

import io.mediagate.common.values.JobStage;
/**
 * How far a pipeline stage is with a job ({@code video.progress}, keyed by job id): the stage's name as the job shows it
 * ({@code transcoding}, …) and its {@code percent} (0–100). Sent now and then while the stage works; routing turns it into
 * the job's progress. A report that comes late (the stage already ended) is ignored. {@code playable}, when set, is the
 * job's item as soon as its main rendition is kept (before the rest of the ladder): routing tells it as the job's
 * {@code playable} event.
 */
public record StageProgress(String jobId, JobStage stage, int percent, MediaItem playable) {

    /** A report of progress alone. */
    public StageProgress(String jobId, JobStage stage, int percent) {
        this(jobId, stage, percent, null);
    }
}
