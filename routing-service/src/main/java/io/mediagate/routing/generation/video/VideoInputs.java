package io.mediagate.routing.generation.video;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.media.MediaClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Brings a video request's sources into the job's scratch directory: this service's own media (by
 * {@code video_id} or by their file URL) from media-service under the caller's visibility rules, any
 * other URL through {@link SafeFetch}. Limits: 20 MB for images, 100 MB for videos (docs/api-guide.md, "Media and uploads").
 */
@ApplicationScoped
public class VideoInputs {
    static final long MAX_IMAGE = 20L * 1024 * 1024;
    static final long MAX_VIDEO = 100L * 1024 * 1024;
    private final MediaClient media;
    private final SafeFetch fetch;
    private final Pattern ownFiles;

    VideoInputs(MediaClient media, SafeFetch fetch, @ConfigProperty(name = "mediagate.media.public-base-url") String base) {
        this.media = media;
        this.fetch = fetch;
        String trimmed = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.ownFiles = Pattern.compile(Pattern.quote(trimmed) + "/files/(med_[A-Za-z0-9]{8,60})\\.[a-z0-9]{2,5}");
    }

    /**
     * The source image of an image-to-video request, or null: {@code image_url}, or a file sent with the
     * request (OpenAI's {@code input_reference}), which the gateway kept as the caller's item.
     */
    public Path image(GenerationRequest request, Path workDir) {
        if (request.sources() != null && !request.sources().images().isEmpty()) {
            return bring(request, null, request.sources().images().getFirst(), "input_reference", "image", MAX_IMAGE,
                    workDir.resolve("input-image"));
        }
        return request.imageUrl() == null ? null : bring(request, request.imageUrl(), null, "image_url", "image", MAX_IMAGE, workDir.resolve("input-image"));
    }

    /** The source video of a variation, or null. */
    public Path video(GenerationRequest request, Path workDir) {
        if (request.videoId() == null && request.videoUrl() == null) {
            return null;
        }
        String param = request.videoId() != null ? "video_id" : "video_url";
        return bring(request, request.videoUrl(), request.videoId(), param, "video", MAX_VIDEO, workDir.resolve("input-video"));
    }

    private Path bring(GenerationRequest request, String url, String id, String param, String kind, long max, Path target) {
        String own = id;
        if (own == null) {
            Matcher m = ownFiles.matcher(url);
            own = m.matches() ? m.group(1) : null;
        }
        if (own != null) {
            media.download(own, request.userId(), request.tier(), target);
            // The type read from the bytes, by the same rule as a fetched URL: a stored SVG is never a source.
            if (!sniff(target).startsWith(kind + "/")) {
                throw ApiException.invalid(param, param + " must name " + (kind.equals("image") ? "a PNG, JPEG, WebP or GIF image" : "a video"));
            }
            return target;
        }
        return fetch.fetch(url, param, kind, max, target).file();
    }

    private static String sniff(Path file) {
        try {
            return ContentSniffer.mime(file).orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
