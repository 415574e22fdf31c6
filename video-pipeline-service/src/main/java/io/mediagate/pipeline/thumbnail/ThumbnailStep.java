package io.mediagate.pipeline.thumbnail;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.pipeline.credentials.Credentials;
import io.mediagate.pipeline.worker.LocalCopies;
import io.mediagate.pipeline.worker.PipelineConfig;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.pipeline.worker.Together;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code video.transcoded} → {@code video.thumbnailed}: a poster image (a frame a third of the way in, at
 * the video's size, from its main rendition) and a preview strip (five frames spread over the video, 320 px wide each, side
 * by side, from its smallest rendition), both WebP:
 * the media type OpenAI's video content declares for its {@code thumbnail} and {@code spritesheet}, and what browsers show.
 * Each is signed as converted from the rendition it was taken from ({@link Credentials}).
 */
@ApplicationScoped
public class ThumbnailStep implements Step {
    static final int STRIP_FRAMES = 5;
    static final String POSTER = "thumbnail.webp";
    static final String STRIP = "preview.webp";
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;
    private final LocalCopies copies;
    private final Credentials credentials;

    ThumbnailStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config, LocalCopies copies,
                  Credentials credentials) {
        this.ffmpeg = ffmpeg;
        this.staging = staging;
        this.config = config;
        this.copies = copies;
        this.credentials = credentials;
    }

    @Override
    public String name() {
        return "thumbnail";
    }

    @Override
    public String input() {
        return Topics.VIDEO_TRANSCODED;
    }

    @Override
    public String output() {
        return Topics.VIDEO_THUMBNAILED;
    }

    @Override
    public VideoWork process(VideoWork work, Path dir) {
        VideoWork.StagedFile top = mp4(work).filter(f -> f.name().equals(work.size() + ".mp4")).findFirst()
                .orElseThrow(() -> new Permanent("no " + work.size() + " rendition to take frames from"));
        // The strip's frames are 320 wide: the smallest rendition has them for a fraction of the decoding.
        VideoWork.StagedFile smallest = mp4(work).min(Comparator.comparingInt(VideoWork.StagedFile::height)).orElse(top);
        StagingBucket bucket = staging.get();
        Path video = dir.resolve("video.mp4");
        copies.fetch(bucket, top.key(), video); // not downloaded again when this process transcoded it
        Path small = video;
        if (smallest != top) {
            small = dir.resolve("small.mp4");
            copies.fetch(bucket, smallest.key(), small);
        }
        Path poster = dir.resolve(POSTER);
        Path strip = dir.resolve(STRIP);
        double at = Math.max(0, work.duration() / 3);
        String every = String.format(Locale.ROOT, "%.6f", STRIP_FRAMES / Math.max(work.duration(), 0.5));
        int stripHeight = (int) Math.round(320.0 * work.height() / work.width() / 2) * 2;
        Path from = small;
        // The poster and the strip read different files: each made and staged on its own thread, at once.
        List<VideoWork.StagedFile> made = Together.all(List.of(
                () -> {
                    ffmpeg.get().run(List.of("-v", "error", "-y", "-ss", String.format(Locale.ROOT, "%.3f", at), "-i", video.toString(),
                            "-frames:v", "1", "-c:v", "libwebp", "-quality", "85", "-f", "webp", poster.toString()), config.stepTimeout());
                    credentials.converted(poster, "image/webp", video, work);
                    return stage(bucket, work, poster, POSTER, "thumbnail", work.width(), work.height());
                },
                () -> {
                    ffmpeg.get().run(List.of("-v", "error", "-y", "-i", from.toString(),
                            "-vf", "fps=" + every + ",scale=320:-2,tile=" + STRIP_FRAMES + "x1", "-frames:v", "1", "-c:v", "libwebp",
                            "-quality", "80", "-f", "webp", strip.toString()), config.stepTimeout());
                    credentials.converted(strip, "image/webp", from, work);
                    return stage(bucket, work, strip, STRIP, "preview", 320 * STRIP_FRAMES, stripHeight);
                }));
        copies.forget(work.jobId());
        return work.withOutputs(made);
    }

    private static Stream<VideoWork.StagedFile> mp4(VideoWork work) {
        return work.outputs().stream().filter(f -> "rendition".equals(f.role()) && "video/mp4".equals(f.mime()));
    }

    private static VideoWork.StagedFile stage(StagingBucket bucket, VideoWork work, Path file, String name, String role,
                                              int width, int height) {
        String key = StagingBucket.key(work.jobId(), "out/" + name);
        long bytes = bucket.upload(key, file, "image/webp");
        return new VideoWork.StagedFile(key, name, role, "webp", "webp", null, width, height, "image/webp", bytes);
    }
}
