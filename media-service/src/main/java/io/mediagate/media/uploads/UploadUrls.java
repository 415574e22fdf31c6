package io.mediagate.media.uploads;

import io.mediagate.media.storage.Presigners;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;
import software.amazon.awssdk.services.s3.presigner.model.PresignedPutObjectRequest;

/**
 * Presigned PUT URLs for uploads, straight to the media bucket under a key chosen here. The declared
 * type and size are signed in, so the store refuses other ones. {@code mediagate.uploads.endpoint} is the
 * store's address as clients reach it (by default the one the service uses).
 */
@Singleton
public class UploadUrls {
    private final S3Presigner presigner;
    private final String bucket;

    UploadUrls(Presigners presigners, @ConfigProperty(name = "mediagate.s3.endpoint") Optional<URI> endpoint,
               @ConfigProperty(name = "mediagate.uploads.endpoint") Optional<URI> publicEndpoint,
               @ConfigProperty(name = "mediagate.media.bucket") String bucket) {
        this.presigner = presigners.at(publicEndpoint.or(() -> endpoint));
        this.bucket = bucket;
    }

    /** A URL and the headers the client must send with its PUT. */
    public record Presigned(String url, Map<String, String> headers) {}

    public Presigned put(String key, String mime, long bytes, Duration lifetime) {
        PresignedPutObjectRequest signed = presigner.presignPutObject(p -> p.signatureDuration(lifetime)
                .putObjectRequest(r -> r.bucket(bucket).key(key).contentType(mime).contentLength(bytes)));
        Map<String, String> headers = new LinkedHashMap<>();
        signed.signedHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("host")) {
                headers.put(canonical(name), String.join(",", values));
            }
        });
        return new Presigned(signed.url().toString(), headers);
    }

    private static String canonical(String header) {
        return switch (header.toLowerCase(java.util.Locale.ROOT)) {
            case "content-type" -> "Content-Type";
            case "content-length" -> "Content-Length";
            default -> header;
        };
    }

    @PreDestroy
    void close() {
        presigner.close();
    }

    static final List<String> IMAGE_TYPES = List.of("image/png", "image/jpeg", "image/webp", "image/gif");
    static final List<String> VIDEO_TYPES = List.of("video/mp4", "video/webm", "video/quicktime");
}
