package io.mediagate.routing.generation.video;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.routing.fetch.CallerFiles;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.sources.SourceItems;
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

/**
 * Brings a video request's sources into the job's scratch directory ({@link CallerFiles}): this service's own media (by
 * id or by their file URL) from media-service under the caller's visibility rules, any other URL through its SSRF-checked
 * fetch, which is then kept as the caller's private item ({@link SourceItems}: {@code med_<job>i} the first frame, {@code l}
 * the last, {@code p<i>} the reference pictures, {@code v} the source video), so that the video names every source by id.
 * A source video is put in the staging bucket too ({@link #PARENT}), where the pipeline reads it to name it in the video's
 * Content Credentials. Limits: 20 MB for images, 100 MB for videos (docs/api-guide.md, "Media and uploads").
 */
@ApplicationScoped
public class VideoInputs {
    static final long MAX_IMAGE = 20L * 1024 * 1024;
    static final long MAX_VIDEO = 100L * 1024 * 1024;
    /** The staged copy of a job's source video. */
    static final String PARENT = "parent-video";
    private final CallerFiles files;
    private final SourceItems items;
    private final StagingBucket staging;
    private final Instance<Ffmpeg> ffmpeg;

    VideoInputs(CallerFiles files, SourceItems items, StagingBucket staging, Instance<Ffmpeg> ffmpeg) {
        this.files = files;
        this.items = items;
        this.staging = staging;
        this.ffmpeg = ffmpeg;
    }

    /**
     * A request's sources, each a local copy or null (none: empty): the first frame, the last, the reference pictures, the
     * source video; {@code ids}, the media ids of them all in that order.
     */
    public record Brought(Path image, Path lastFrame, List<Path> references, Source video, List<String> ids) {
        /** The source video's local copy, or null. */
        public Path videoFile() {
            return video == null ? null : video.file();
        }
    }

    /** Every source of {@code request} into {@code workDir}; {@code video}: its source video when already brought ({@link #video}). */
    public Brought bring(GenerationRequest request, Path workDir, Source video) {
        List<String> ids = new ArrayList<>();
        Path image = image(request, workDir, ids);
        Path lastFrame = request.lastFrameUrl() == null ? null
                : picture(request, request.lastFrameUrl(), "last_frame_url", "l", workDir.resolve("input-last-frame"), ids);
        List<Path> references = new ArrayList<>();
        List<String> refs = request.referenceImageUrls() == null ? List.of() : request.referenceImageUrls();
        for (int i = 0; i < refs.size(); i++) {
            references.add(picture(request, refs.get(i), "reference_image_urls[" + i + "]", "p" + i, workDir.resolve("input-reference-" + i), ids));
        }
        Source source = video != null ? video : video(request, workDir);
        if (source != null) {
            ids.add(source.id());
        }
        return new Brought(image, lastFrame, List.copyOf(references), source, List.copyOf(ids));
    }

    /** A source video brought in: its local copy, what ffprobe read of it, its media id and its staged copy's key. */
    public record Source(Path file, Probe probe, Probe.Stream stream, String id, String key) {
        /** Its length in seconds as measured, 0 when unreadable. */
        public double seconds() {
            return probe.durationSeconds() > 0 ? probe.durationSeconds() : stream.durationSeconds();
        }
    }

    /**
     * The source video of a variation, a restyle or a utility, or null: brought in, read (one that is not a readable video is
     * 400 naming its field), staged ({@link #PARENT}) and, when fetched by URL, kept as the caller's item.
     */
    public Source video(GenerationRequest request, Path workDir) {
        Source read = measured(request, workDir);
        if (read == null) {
            return null;
        }
        Path file = read.file();
        Probe probe = read.probe();
        Probe.Stream stream = read.stream();
        String mime = sniff(file);
        String key = StagingBucket.key(request.jobId(), PARENT + "." + ContentSniffer.extension(mime));
        long bytes = staging.upload(key, file, mime);
        String own = request.videoId() != null ? request.videoId() : files.ownId(request.videoUrl());
        Source source = new Source(file, probe, stream, own != null ? own : SourceItems.id(request.jobId(), "v"), key);
        if (own == null) {
            items.keepVideo(request, source.id(), key, mime, bytes, stream.width(), stream.height(), source.seconds());
        }
        return source;
    }

    /**
     * The source video of a variation, a restyle or a utility brought in and read only (what a quote needs of it: its shape and
     * length), neither staged nor kept; null when the request has none. Its {@code id} and {@code key} are null.
     */
    public Source measured(GenerationRequest request, Path workDir) {
        if (request.videoId() == null && request.videoUrl() == null) {
            return null;
        }
        String param = request.videoId() != null ? "video_id" : "video_url";
        Path file = files.bring(request, request.videoUrl(), request.videoId(), param, "video", MAX_VIDEO, workDir.resolve("input-video"));
        Probe probe = probe(file, param);
        Probe.Stream stream = probe.video().orElseThrow(() -> ApiException.invalid(param, "the source holds no video"));
        return new Source(file, probe, stream, null, null);
    }

    /**
     * The source image of an image-to-video request, or null: {@code image_url}, or a file sent with the request (OpenAI's
     * {@code input_reference}), which the gateway kept as the caller's item.
     */
    private Path image(GenerationRequest request, Path workDir, List<String> ids) {
        if (request.sources() != null && !request.sources().images().isEmpty()) {
            String id = request.sources().images().getFirst();
            ids.add(id);
            return files.bring(request, null, id, "input_reference", "image", MAX_IMAGE, workDir.resolve("input-image")); // checked by the gateway
        }
        return request.imageUrl() == null ? null : picture(request, request.imageUrl(), "image_url", "i", workDir.resolve("input-image"), ids);
    }

    /**
     * A picture named by URL or by the caller's media id ({@code med_…}), into {@code target}, checked as every source picture is
     * ({@link SourceItems#picture}); one fetched by URL is kept as item {@code med_<job><suffix>}. Its id joins {@code ids}.
     */
    private Path picture(GenerationRequest request, String urlOrId, String param, String suffix, Path target, List<String> ids) {
        boolean id = urlOrId.startsWith("med_");
        Path file = files.bring(request, id ? null : urlOrId, id ? urlOrId : null, param, "image", MAX_IMAGE, target);
        SourceImage picture;
        try {
            picture = SourceItems.picture(Files.readAllBytes(file), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String own = id ? urlOrId : files.ownId(urlOrId);
        if (own != null) {
            ids.add(own);
            return file;
        }
        String kept = SourceItems.id(request.jobId(), suffix);
        items.keepPicture(request, kept, picture, "source");
        ids.add(kept);
        return file;
    }

    private Probe probe(Path file, String param) {
        try {
            return ffmpeg.get().probe(file, Duration.ofSeconds(60));
        } catch (FfmpegException e) {
            throw ApiException.invalid(param, "the source is not a readable video");
        }
    }

    private static String sniff(Path file) {
        try {
            return ContentSniffer.mime(file).orElse("video/mp4");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
