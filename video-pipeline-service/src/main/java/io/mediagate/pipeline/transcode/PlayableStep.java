package io.mediagate.pipeline.transcode;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.Size;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.pipeline.worker.LocalCopies;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The transcode stage's second consumer ({@code pipeline-playable}, reading {@code video.generated} beside
 * {@code pipeline-transcode}): the main rendition of each generated video whose file plays as it is, remuxed, kept and
 * told as playable at once, not behind the ladders of the videos before it ({@link PlayableFirst}). It sends nothing on
 * and never fails a job: the transcode consumer takes the main rendition it finds staged and makes it when it finds none.
 */
@ApplicationScoped
public class PlayableStep implements Step {
    private static final Logger LOG = Logger.getLogger(PlayableStep.class);
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PlayableFirst first;
    private final LocalCopies copies;

    PlayableStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PlayableFirst first, LocalCopies copies) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.first = first;
        this.copies = copies;
    }

    @Override
    public String name() {
        return "playable";
    }

    @Override
    public String partOf() {
        return "transcode";
    }

    @Override
    public String input() {
        return Topics.VIDEO_GENERATED;
    }

    /** None: a side consumer. */
    @Override
    public String output() {
        return null;
    }

    @Override
    public JobStage stage() {
        return JobStage.TRANSCODING;
    }

    @Override
    public VideoWork process(VideoWork work, Path dir) {
        return process(work, dir, Progress.NONE);
    }

    @Override
    public VideoWork process(VideoWork work, Path dir, Progress progress) {
        try {
            Optional<Size> top = Size.video(work.size(), work.width(), work.height());
            StagingBucket bucket = staging.get();
            if (top.isEmpty() || work.source() == null || first.exists(work, top.get())) {
                return work; // nothing to do, or the transcode consumer was first
            }
            Path source = dir.resolve("source");
            bucket.download(work.source().key(), source);
            copies.keep(work.source().key(), source); // the transcode consumer need not download it again
            Probe probe = ffmpeg.get().probe(source, Duration.ofMinutes(1));
            first.remux(work, source, probe, top.get(), dir.resolve("out"), progress);
        } catch (RuntimeException e) {
            LOG.warnf("job %s: no early main rendition (%s); the transcode consumer makes it", work.jobId(), e.toString());
        }
        return work;
    }
}
