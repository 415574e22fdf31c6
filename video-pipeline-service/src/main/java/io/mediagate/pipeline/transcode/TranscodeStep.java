package io.mediagate.pipeline.transcode;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import java.util.stream.Stream;

/**
 * {@code video.generated} → {@code video.transcoded}: the main rendition (told as playable as soon as it is kept: see
 * {@link PlayableStep}, which makes it at once when the provider's file plays as it is), then the rest of the MP4 ladder,
 * WebM/VP9 and HLS (see {@link MainRendition} and {@link Ladder}).
 */
@ApplicationScoped
public class TranscodeStep implements Step {
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;
    private final MediaRegistry registry;
    private final LocalCopies copies;
    private final PlayableFirst first;

    TranscodeStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config, MediaRegistry registry,
                  LocalCopies copies, PlayableFirst first) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.config = config;
        this.registry = registry;
        this.copies = copies;
        this.first = first;
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
    public String stage() {
        return "transcoding";
    }

    @Override
    public VideoWork process(VideoWork work, Path dir) {
        return process(work, dir, Progress.NONE);
    }

    /**
     * The main rendition first ({@link PlayableFirst}: as the playable consumer made it, else remuxed here when the provider's
     * file plays as it is, else encoded with the ladder), kept as a part of the item and told as playable; then the rest
     * of the ladder, HLS and the part of the item they make. The ladder is 80% of the stage (by the seconds ffmpeg has written of the clip), HLS the next 10%,
     * staging the rest.
     */
    @Override
    public VideoWork process(VideoWork work, Path dir, Progress progress) {
        VideoSize top = VideoSize.parse(work.size()).orElseThrow(() -> new Permanent("unknown size " + work.size()));
        Path source = dir.resolve("source");
        StagingBucket bucket = staging.get();
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
        boolean audio = probe.streams().stream().anyMatch(s -> "audio".equals(s.type()));
        Path out = dir.resolve("out");
        Path hls = out.resolve("hls");
        try {
            Files.createDirectories(hls);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double seconds = probe.durationSeconds() > 0 ? probe.durationSeconds() : work.duration();
        DoubleConsumer ladder = written -> progress.accept(seconds > 0 ? (int) Math.min(80, 80 * written / seconds) : 0);
        List<VideoWork.StagedFile> files = new ArrayList<>();
        // The main rendition as the playable consumer made it, else remuxed here, else encoded with the rest.
        Optional<VideoWork.StagedFile> early = MainRendition.remuxable(probe, top)
                ? first.made(work, top, out).or(() -> first.remux(work, source, probe, top, out, progress)) : Optional.empty();
        if (early.isPresent()) {
            files.add(early.get());
            ffmpeg.get().run(Ladder.command(source, top, audio, out, false), config.stepTimeout(), ladder);
        } else {
            ffmpeg.get().run(Ladder.command(source, top, audio, out, true), config.stepTimeout(), ladder);
            files.add(first.staged(work, out, top));
            first.tell(work, files, progress);
        }
        ffmpeg.get().run(Ladder.hls(out.resolve(Ladder.mp4Name(top)), hls), config.stepTimeout(),
                written -> progress.accept(seconds > 0 ? 80 + (int) Math.min(10, 10 * written / seconds) : 80));

        for (VideoSize size : top.ladder().subList(1, top.ladder().size())) {
            files.add(stage(bucket, work, out, Ladder.mp4Name(size), "rendition", "mp4", "h264", size, "video/mp4"));
        }
        files.add(stage(bucket, work, out, Ladder.webmName(top), "rendition", "webm", "vp9", top, "video/webm"));
        try (Stream<Path> segments = Files.list(hls)) {
            for (Path segment : segments.filter(p -> p.getFileName().toString().endsWith(".ts")).sorted().toList()) {
                files.add(stage(bucket, work, out, "hls/" + segment.getFileName(), "part", "ts", "h264", top, "video/mp2t"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // The playlist last: it is only useful once its segments are staged.
        files.add(stage(bucket, work, out, "hls/index.m3u8", "playlist", "hls", "h264", top, "application/vnd.apple.mpegurl"));
        files.stream().filter(f -> "video/mp4".equals(f.mime())).skip(1).forEach(f -> copies.keep(f.key(), out.resolve(f.name())));
        if (!bucket.cancelled(work.jobId())) {
            registry.keepPart(MediaRegistry.video(work, bucket.bucket(), files)); // the item lists its variants as they land
        }
        return work.withOutputs(files);
    }

    private static VideoWork.StagedFile stage(StagingBucket bucket, VideoWork work, Path out, String name, String role,
                                              String format, String codec, VideoSize size, String mime) {
        String key = StagingBucket.key(work.jobId(), "out/" + name);
        long bytes = bucket.upload(key, out.resolve(name), mime);
        return new VideoWork.StagedFile(key, name, role, format, codec, size.label(), size.width(), size.height(), mime, bytes);
    }
}
