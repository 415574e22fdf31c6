package io.mediagate.pipeline.transcode;

import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.Size;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.pipeline.signing.RenditionSigning;
import io.mediagate.pipeline.storage.MediaRegistry;
import io.mediagate.pipeline.worker.LocalCopies;
import io.mediagate.pipeline.worker.PipelineConfig;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The main rendition made, staged, kept as the item's first part and told as playable, for both of the transcode stage's
 * consumers ({@link PlayableStep} at once, {@link TranscodeStep} when it finds none made): remuxed from a provider's file
 * that plays as it is ({@link MainRendition}), or, after the ladder, the one encoded with it. Once told, a marker is
 * staged beside it: the transcode consumer takes the rendition only with its marker, so the job hears {@code playable}
 * before its transcoding ends, however short the ladder.
 */
@ApplicationScoped
public class PlayableFirst {
    private static final Logger LOG = Logger.getLogger(PlayableFirst.class);
    /** How long the transcode consumer waits for a staged main rendition to be told before it tells one itself. */
    private static final Duration TELLING = Duration.ofSeconds(15);
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;
    private final MediaRegistry registry;
    private final LocalCopies copies;
    private final RenditionSigning credentials;

    PlayableFirst(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config, MediaRegistry registry,
                  LocalCopies copies, RenditionSigning credentials) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.config = config;
        this.registry = registry;
        this.copies = copies;
        this.credentials = credentials;
    }

    /**
     * The main rendition of {@code top} remuxed from {@code source} into {@code out}, checked, staged, kept and told; empty
     * when the source does not play as it is or the remux did not check out (the ladder then encodes it).
     */
    public Optional<VideoWork.StagedFile> remux(VideoWork work, Path source, Probe probe, Size top, Path out, Step.Progress progress) {
        if (!MainRendition.remuxable(probe, top)) {
            return Optional.empty();
        }
        Path main = out.resolve(Ladder.mp4Name(top));
        boolean audio = !probe.audio().isEmpty();
        try {
            Files.createDirectories(out);
            ffmpeg.get().run(MainRendition.remux(source, audio, main), config.stepTimeout());
            if (!MainRendition.checked(ffmpeg.get().probe(main, Duration.ofMinutes(1)), top, main)) {
                LOG.warnf("job %s: the remuxed main rendition did not check out; encoding it", work.jobId());
                return Optional.empty();
            }
        } catch (FfmpegException | IOException e) {
            LOG.warnf("job %s: the provider's file could not be remuxed (%s); encoding it", work.jobId(), e.toString());
            return Optional.empty();
        }
        VideoWork.StagedFile staged = staged(work, source, out, top);
        tell(work, List.of(staged), progress);
        staging.get().upload(told(work, top), new byte[0], "application/octet-stream");
        return Optional.of(staged);
    }

    /** The caller's source video of {@code work} brought into {@code out} from the staging bucket, or null when it had none. */
    private Path parent(VideoWork work, Path out) {
        if (work.derived() == null || work.derived().parent() == null) {
            return null;
        }
        Path parent = out.resolve("parent-video");
        copies.fetch(staging.get(), work.derived().parent().key(), parent);
        return parent;
    }

    /** Whether this job's main rendition is staged already. */
    public boolean exists(VideoWork work, Size top) {
        return staging.get().exists(key(work, top));
    }

    /**
     * The main rendition {@link PlayableStep} already made and told for this job, put in {@code out}; empty when there is
     * none, or when one staged is still not told after {@link #TELLING} (its consumer stopped in between: this one tells).
     */
    public Optional<VideoWork.StagedFile> made(VideoWork work, Size top, Path out) {
        StagingBucket bucket = staging.get();
        String key = key(work, top);
        if (!bucket.exists(key) || !toldWithin(bucket, told(work, top))) {
            return Optional.empty();
        }
        Path main = out.resolve(Ladder.mp4Name(top));
        try {
            Files.createDirectories(out);
            copies.fetch(bucket, key, main);
            return Optional.of(file(key, top, Files.size(main)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Signs the main rendition in {@code out} as generated from {@code source} (the provider's file; the main rendition is
     * the parent of every other file of the video), or as made from the caller's source video where the job had one, and
     * stages it, keeping a local copy for the thumbnail stage.
     */
    public VideoWork.StagedFile staged(VideoWork work, Path source, Path out, Size top) {
        Path main = out.resolve(Ladder.mp4Name(top));
        credentials.generated(main, source, parent(work, out), work);
        String key = key(work, top);
        long bytes = staging.get().upload(key, main, "video/mp4");
        copies.keep(key, main);
        return file(key, top, bytes);
    }

    /** Keeps {@code files} (the main rendition first) as the item's first part and tells the job it plays; not when cancelled. */
    public void tell(VideoWork work, List<VideoWork.StagedFile> files, Step.Progress progress) {
        StagingBucket bucket = staging.get();
        if (!bucket.cancelled(work.jobId())) {
            registry.keepPart(MediaRegistry.video(work, bucket.bucket(), files)).ifPresent(item -> progress.playable(item.forGeneration()));
        }
    }

    private static boolean toldWithin(StagingBucket bucket, String marker) {
        long deadline = System.nanoTime() + TELLING.toNanos();
        while (!bucket.exists(marker)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private static String told(VideoWork work, Size top) {
        return StagingBucket.key(work.jobId(), "out/" + Ladder.mp4Name(top) + ".told");
    }

    private static String key(VideoWork work, Size top) {
        return StagingBucket.key(work.jobId(), "out/" + Ladder.mp4Name(top));
    }

    private static VideoWork.StagedFile file(String key, Size top, long bytes) {
        return new VideoWork.StagedFile(key, Ladder.mp4Name(top), "rendition", "mp4", "h264", top.label(), top.width(), top.height(),
                "video/mp4", bytes);
    }
}
