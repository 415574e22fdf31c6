package io.mediagate.pipeline.thumbnail;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.pipeline.signing.RenditionSigning;
import io.mediagate.pipeline.worker.LocalCopies;
import io.mediagate.pipeline.worker.PipelineConfig;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.pipeline.worker.Together;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code video.transcoded} → {@code video.thumbnailed}: the video's poster and preview strip ({@link Stills}). When the
 * transcode stage of this process made them in its one decode of a provider's file that became the main rendition as it
 * was, they are taken as made; otherwise the poster is taken from the main rendition and the strip from the smallest,
 * which has its frames for a fraction of the decoding. Each is signed as converted from the rendition it was taken from
 * ({@link RenditionSigning}).
 */
@ApplicationScoped
public class ThumbnailStep implements Step {
    private final Instance<Ffmpeg> ffmpeg;
    private final Instance<StagingBucket> staging;
    private final PipelineConfig config;
    private final LocalCopies copies;
    private final RenditionSigning credentials;

    ThumbnailStep(Instance<Ffmpeg> ffmpeg, Instance<StagingBucket> staging, PipelineConfig config, LocalCopies copies,
                  RenditionSigning credentials) {
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
    public JobStage stage() {
        return JobStage.THUMBNAIL;
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
        StagingBucket bucket = staging.get();
        Path video = dir.resolve("video.mp4");
        copies.fetch(bucket, top.key(), video); // not downloaded again when this process transcoded it
        Path poster = dir.resolve(Stills.POSTER);
        Path strip = dir.resolve(Stills.STRIP);
        // Made already by this process's transcode stage, from the stream the main rendition is; else taken here.
        boolean madeHere = copies.local(Stills.madeKey(work.jobId(), Stills.POSTER), poster)
                && copies.local(Stills.madeKey(work.jobId(), Stills.STRIP), strip);
        // The strip's rendition: taken here, from the smallest, which has its frames for a fraction of the decoding.
        VideoWork.StagedFile smallest = mp4(work).min(Comparator.comparingInt(VideoWork.StagedFile::height)).orElse(top);
        Path stripFrom = madeHere || smallest == top ? video : dir.resolve("small.mp4");
        if (stripFrom != video) {
            copies.fetch(bucket, smallest.key(), stripFrom);
        }
        Callable<VideoWork.StagedFile> posterMade = () -> {
            if (!madeHere) {
                List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-ss",
                        String.format(Locale.ROOT, "%.3f", Stills.posterAt(work.duration())), "-i", video.toString()));
                args.addAll(Stills.posterOutput(poster));
                ffmpeg.get().run(args, config.stepTimeout());
            }
            return signedAndStaged(bucket, work, poster, video, "thumbnail", work.width(), work.height());
        };
        Callable<VideoWork.StagedFile> stripMade = () -> {
            if (!madeHere) {
                List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-i", stripFrom.toString(), "-vf",
                        Stills.stripFilter(work.duration())));
                args.addAll(Stills.stripOutput(strip));
                ffmpeg.get().run(args, config.stepTimeout());
            }
            return signedAndStaged(bucket, work, strip, stripFrom, "preview", Stills.STRIP_WIDTH,
                    Stills.stripHeight(work.width(), work.height()));
        };
        // The poster and the strip are independent: each made (where it is still to be), signed and staged on its own thread.
        List<VideoWork.StagedFile> made = Together.all(List.of(posterMade, stripMade));
        copies.forget(work.jobId());
        return work.withOutputs(made);
    }

    private static Stream<VideoWork.StagedFile> mp4(VideoWork work) {
        return work.outputs().stream().filter(f -> "rendition".equals(f.role()) && "video/mp4".equals(f.mime()));
    }

    /** The still {@code file} signed as converted from the rendition {@code from} and staged under its name. */
    private VideoWork.StagedFile signedAndStaged(StagingBucket bucket, VideoWork work, Path file, Path from, String role,
                                                 int width, int height) {
        credentials.converted(file, "image/webp", from, work);
        String name = file.getFileName().toString();
        String key = StagingBucket.key(work.jobId(), "out/" + name);
        long bytes = bucket.upload(key, file, "image/webp");
        return new VideoWork.StagedFile(key, name, role, "webp", "webp", null, width, height, "image/webp", bytes);
    }
}
