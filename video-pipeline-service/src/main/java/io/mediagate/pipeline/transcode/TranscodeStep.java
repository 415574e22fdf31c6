package io.mediagate.pipeline.transcode;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
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
import java.util.function.IntConsumer;
import java.util.stream.Stream;

/** {@code video.generated} → {@code video.transcoded}: the MP4 ladder, WebM/VP9 and HLS (see {@link Ladder}). */
@ApplicationScoped
public class TranscodeStep implements Step {
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;

    TranscodeStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.config = config;
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
        return process(work, dir, percent -> { });
    }

    /** The ladder is 80% of the stage (by the seconds ffmpeg has written of the clip), HLS the next 10%, staging the rest. */
    @Override
    public VideoWork process(VideoWork work, Path dir, IntConsumer progress) {
        VideoSize top = VideoSize.parse(work.size()).orElseThrow(() -> new Permanent("unknown size " + work.size()));
        Path source = dir.resolve("source");
        StagingBucket bucket = staging.get();
        bucket.download(work.source().key(), source);
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
        ffmpeg.get().run(Ladder.command(source, top, audio, out), config.stepTimeout(),
                written -> progress.accept(seconds > 0 ? (int) Math.min(80, 80 * written / seconds) : 0));
        ffmpeg.get().run(Ladder.hls(out.resolve(Ladder.mp4Name(top)), hls), config.stepTimeout(),
                written -> progress.accept(seconds > 0 ? 80 + (int) Math.min(10, 10 * written / seconds) : 80));

        List<VideoWork.StagedFile> files = new ArrayList<>();
        for (VideoSize size : top.ladder()) {
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
        return work.withOutputs(files);
    }

    private static VideoWork.StagedFile stage(StagingBucket bucket, VideoWork work, Path out, String name, String role,
                                              String format, String codec, VideoSize size, String mime) {
        String key = StagingBucket.key(work.jobId(), "out/" + name);
        long bytes = bucket.upload(key, out.resolve(name), mime);
        return new VideoWork.StagedFile(key, name, role, format, codec, size.label(), size.width(), size.height(), mime, bytes);
    }
}
