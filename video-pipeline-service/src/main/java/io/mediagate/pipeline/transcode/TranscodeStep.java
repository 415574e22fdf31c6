package io.mediagate.pipeline.transcode;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.pipeline.signing.RenditionSigning;
import io.mediagate.pipeline.storage.MediaRegistry;
import io.mediagate.pipeline.thumbnail.Stills;
import io.mediagate.pipeline.worker.LocalCopies;
import io.mediagate.pipeline.worker.PipelineConfig;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.pipeline.worker.Together;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.DoubleConsumer;
import java.util.stream.Stream;

/**
 * {@code video.generated} → {@code video.transcoded}: the main rendition (told as playable as soon as it is kept: see
 * {@link PlayableStep}, which makes it at once when the provider's file plays as it is), then the rest of the MP4 ladder,
 * WebM/VP9 and HLS (see {@link MainRendition} and {@link Ladder}), and, when that file plays as it is and the thumbnail
 * stage runs in this process, the video's poster and strip from the same decode, kept here for it ({@link Stills}). The
 * main rendition is signed as generated, each other MP4 rendition as transcoded from it ({@link RenditionSigning}).
 */
@ApplicationScoped
public class TranscodeStep implements Step {
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;
    private final MediaRegistry registry;
    private final LocalCopies copies;
    private final PlayableFirst first;
    private final RenditionSigning credentials;
    /** Whether this process runs the thumbnail stage too: it then takes the stills this stage made ({@link Stills}). */
    private final boolean thumbnailsHere;

    TranscodeStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config, MediaRegistry registry,
                  LocalCopies copies, PlayableFirst first, RenditionSigning credentials) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.config = config;
        this.registry = registry;
        this.copies = copies;
        this.first = first;
        this.credentials = credentials;
        this.thumbnailsHere = config.runs("thumbnail");
    }

    @Override
    public String name() {
        return "transcode";
    }

    @Override
    public String input() {
        return Topics.VIDEO_GENERATED;
    }

    @Override
    public String output() {
        return Topics.VIDEO_TRANSCODED;
    }

    @Override
    public JobStage stage() {
        return JobStage.TRANSCODING;
    }

    @Override
    public VideoWork process(VideoWork work, Path dir) {
        return process(work, dir, Progress.NONE);
    }

    /**
     * The ladder, and the main rendition ({@link PlayableFirst}): when the provider's file plays as it is, the playable
     * consumer's remux (or one made here when there is none), and HLS re-muxed from that file and staged while the ladder
     * encodes; otherwise encoded with the ladder, then kept as the item's first part and told as playable, and HLS
     * re-muxed from it. The rest of the item is kept as its second part once the work has gone on ({@link #sent}). The
     * ladder is 80% of the stage (by the seconds ffmpeg has written of the clip), HLS the next 10%, staging the rest.
     */
    @Override
    public VideoWork process(VideoWork work, Path dir, Progress progress) {
        Size top = Size.video(work.size(), work.width(), work.height()).orElseThrow(() -> new Permanent("unknown size " + work.size()));
        Path source = dir.resolve("source");
        StagingBucket bucket = staging.get();
        // Stills an earlier try kept are of the main rendition that try made; this one keeps its own, or none.
        List.of(Stills.POSTER, Stills.STRIP).forEach(still -> copies.drop(Stills.madeKey(work.jobId(), still)));
        copies.fetch(bucket, work.source().key(), source); // the playable consumer may have fetched it
        Probe probe;
        try {
            probe = ffmpeg.get().probe(source, Duration.ofMinutes(1));
        } catch (FfmpegException e) {
            throw new Permanent("the generated file is not a readable video");
        }
        if (probe.video().isEmpty()) {
            throw new Permanent("the generated file has no video stream");
        }
        boolean audio = !probe.audio().isEmpty();
        Path out = dir.resolve("out");
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double seconds = probe.durationSeconds() > 0 ? probe.durationSeconds() : work.duration();
        DoubleConsumer ladder = written -> progress.accept(seconds > 0 ? (int) Math.min(80, 80 * written / seconds) : 0);
        List<VideoWork.StagedFile> files = new ArrayList<>();
        Callable<List<VideoWork.StagedFile>> hls; // HLS made and staged, or to be
        if (MainRendition.remuxable(probe, top)) {
            // The main rendition is the playable consumer's remux, made while the rest of the ladder is: taken once the
            // ladder is done, remuxed here if it is not there, encoded if the remux does not check out. HLS carries the
            // same stream, so it is re-muxed from the provider's file and staged while the ladder encodes. So are the
            // frames of the poster and the strip: when the thumbnail stage runs here, the ladder's decode gives them.
            Ladder.StillsOf stills = thumbnailsHere ? new Ladder.StillsOf(work.duration(), dir.resolve("stills")) : null;
            List<String> command = stills == null ? Ladder.command(source, top, audio, out, false)
                    : Ladder.withStills(source, top, audio, out, stills);
            List<List<VideoWork.StagedFile>> made = Together.all(List.of(
                    () -> {
                        if (stills != null) {
                            Files.createDirectories(stills.dir());
                        }
                        ffmpeg.get().run(command, config.stepTimeout(), ladder);
                        return List.of();
                    },
                    () -> hls(bucket, work, source, audio, out, top)));
            Optional<VideoWork.StagedFile> main = first.made(work, top, out).or(() -> first.remux(work, source, probe, top, out, progress));
            if (main.isPresent()) {
                files.add(main.get());
                hls = made::getLast;
                if (stills != null) { // of the stream the main rendition is, as it is
                    copies.keep(Stills.madeKey(work.jobId(), Stills.POSTER), stills.poster());
                    copies.keep(Stills.madeKey(work.jobId(), Stills.STRIP), stills.strip());
                }
            } else {
                ffmpeg.get().run(Ladder.main(source, top, audio, out), config.stepTimeout());
                files.add(told(work, source, out, top, progress));
                hls = () -> hls(bucket, work, out.resolve(Ladder.mp4Name(top)), audio, out, top); // of what plays
            }
        } else {
            ffmpeg.get().run(Ladder.command(source, top, audio, out, true), config.stepTimeout(), ladder);
            files.add(told(work, source, out, top, progress));
            hls = () -> hls(bucket, work, out.resolve(Ladder.mp4Name(top)), audio, out, top);
        }
        progress.accept(90);
        // The other renditions staged at once, each on its own virtual thread, beside HLS when it is still to be made.
        List<Callable<List<VideoWork.StagedFile>>> rest = new ArrayList<>();
        for (Size size : VideoSize.ladder(top).subList(1, VideoSize.ladder(top).size())) {
            rest.add(() -> {
                credentials.transcoded(out.resolve(Ladder.mp4Name(size)), out.resolve(Ladder.mp4Name(top)), work);
                return List.of(stage(bucket, work, out, Ladder.mp4Name(size), "rendition", "mp4", "h264", size, "video/mp4"));
            });
        }
        rest.add(() -> List.of(stage(bucket, work, out, Ladder.webmName(top), "rendition", "webm", "vp9", top, "video/webm")));
        rest.add(hls);
        Together.all(rest).forEach(files::addAll);
        // The main rendition was kept where it was staged (PlayableFirst).
        files.stream().filter(f -> "video/mp4".equals(f.mime()) && f != files.getFirst()).forEach(f -> copies.keep(f.key(), out.resolve(f.name())));
        return work.withOutputs(files);
    }

    /**
     * The stage's files kept as the item's second part, so that it lists its variants as they land: once the work has gone
     * on, while the thumbnail stage works, not before (best effort; the whole video's registration keeps what this did not).
     */
    @Override
    public void sent(VideoWork done) {
        StagingBucket bucket = staging.get();
        if (!bucket.cancelled(done.jobId())) {
            registry.keepPart(MediaRegistry.video(done, bucket.bucket(), done.outputs()));
        }
    }

    /**
     * HLS (2-second segments) re-muxed from {@code from} into {@code out/hls}, what an earlier run left there removed
     * first, and staged: the segments at once, then the playlist, once they are there.
     */
    private List<VideoWork.StagedFile> hls(StagingBucket bucket, VideoWork work, Path from, boolean audio, Path out, Size top) {
        Path hls = out.resolve("hls");
        List<Path> segments;
        try {
            Scratch.delete(hls);
            Files.createDirectories(hls);
            ffmpeg.get().run(Ladder.hls(from, audio, hls), config.stepTimeout());
            try (Stream<Path> listed = Files.list(hls)) {
                segments = listed.filter(p -> p.getFileName().toString().endsWith(".ts")).sorted().toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<VideoWork.StagedFile> files = new ArrayList<>(Together.all(segments.stream()
                .<Callable<VideoWork.StagedFile>>map(segment ->
                        () -> stage(bucket, work, out, "hls/" + segment.getFileName(), "part", "ts", "h264", top, "video/mp2t"))
                .toList()));
        files.add(stage(bucket, work, out, "hls/index.m3u8", "playlist", "hls", "h264", top, "application/vnd.apple.mpegurl"));
        return files;
    }

    /** The main rendition encoded here from {@code source}, staged, kept as the item's first part and told as playable. */
    private VideoWork.StagedFile told(VideoWork work, Path source, Path out, Size top, Progress progress) {
        VideoWork.StagedFile main = first.staged(work, source, out, top);
        first.tell(work, List.of(main), progress);
        return main;
    }

    private static VideoWork.StagedFile stage(StagingBucket bucket, VideoWork work, Path out, String name, String role,
                                              String format, String codec, Size size, String mime) {
        String key = StagingBucket.key(work.jobId(), "out/" + name);
        long bytes = bucket.upload(key, out.resolve(name), mime);
        return new VideoWork.StagedFile(key, name, role, format, codec, size.label(), size.width(), size.height(), mime, bytes);
    }
}
