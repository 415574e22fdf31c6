package io.mediagate.routing.generation.video;

import io.mediagate.common.events.GenerationRequest;
import io.mediagate.routing.fetch.CallerFiles;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;

/**
 * Brings a video request's sources into the job's scratch directory ({@link CallerFiles}): this service's own media (by
 * {@code video_id} or by their file URL) from media-service under the caller's visibility rules, any
 * other URL through its SSRF-checked fetch. Limits: 20 MB for images, 100 MB for videos (docs/api-guide.md, "Media and uploads").
 */
@ApplicationScoped
public class VideoInputs {
    static final long MAX_IMAGE = 20L * 1024 * 1024;
    static final long MAX_VIDEO = 100L * 1024 * 1024;
    private final CallerFiles files;

    VideoInputs(CallerFiles files) {
        this.files = files;
    }

    /**
     * The source image of an image-to-video request, or null: {@code image_url}, or a file sent with the
     * request (OpenAI's {@code input_reference}), which the gateway kept as the caller's item.
     */
    public Path image(GenerationRequest request, Path workDir) {
        if (request.sources() != null && !request.sources().images().isEmpty()) {
            return files.bring(request, null, request.sources().images().getFirst(), "input_reference", "image", MAX_IMAGE,
                    workDir.resolve("input-image"));
        }
        return request.imageUrl() == null ? null : picture(request, request.imageUrl(), "image_url", workDir.resolve("input-image"));
    }

    /** The picture the video ends on ({@code last_frame_url}), or null. */
    public Path lastFrame(GenerationRequest request, Path workDir) {
        return request.lastFrameUrl() == null ? null
                : picture(request, request.lastFrameUrl(), "last_frame_url", workDir.resolve("input-last-frame"));
    }

    /** A picture named by URL or by the caller's media id ({@code med_…}), into {@code target}. */
    private Path picture(GenerationRequest request, String urlOrId, String param, Path target) {
        boolean id = urlOrId.startsWith("med_");
        return files.bring(request, id ? null : urlOrId, id ? urlOrId : null, param, "image", MAX_IMAGE, target);
    }

    /** The source video of a variation, or null. */
    public Path video(GenerationRequest request, Path workDir) {
        if (request.videoId() == null && request.videoUrl() == null) {
            return null;
        }
        String param = request.videoId() != null ? "video_id" : "video_url";
        return files.bring(request, request.videoUrl(), request.videoId(), param, "video", MAX_VIDEO, workDir.resolve("input-video"));
    }
}
