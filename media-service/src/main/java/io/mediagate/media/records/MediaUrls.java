package io.mediagate.media.records;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** CDN-style addresses of stored files: {@code {public-base-url}/files/{id}.{ext}}. */
@ApplicationScoped
public class MediaUrls {
    private final String base;

    MediaUrls(@ConfigProperty(name = "mediagate.media.public-base-url") String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    public String url(MediaRecord record) {
        return base + "/files/" + fileName(record.id, record.mime);
    }

    public static String fileName(String id, String mime) {
        return id + "." + extension(mime);
    }

    public static String extension(String mime) {
        return switch (mime) {
            case "image/png" -> "png";
            case "image/jpeg" -> "jpg";
            case "image/webp" -> "webp";
            case "image/gif" -> "gif";
            case "video/mp4" -> "mp4";
            case "video/webm" -> "webm";
            case "video/quicktime" -> "mov";
            default -> "bin";
        };
    }
}
