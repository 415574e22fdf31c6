package io.mediagate.routing.media;

import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.routing.support.ServiceHttp;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Hands generated files to media-service, which owns storage and records. */
@ApplicationScoped
public class MediaClient {
    private final ServiceHttp http;
    private final String base;

    MediaClient(ServiceHttp http, @ConfigProperty(name = "mediagate.media.url") String base) {
        this.http = http;
        this.base = base;
    }

    /** Copies media {@code id} to {@code target} if {@code user} may see it (own or public). */
    public void download(String id, String user, String tier, Path target) {
        http.download(base + "/internal/v1/media/" + id + "/content", user, tier, target);
    }

    /** The bytes of media {@code id} if {@code user} may see it (own or public); for small files. */
    public byte[] read(String id, String user, String tier) {
        return http.read(base + "/internal/v1/media/" + id + "/content", user, tier);
    }

    /** Keeps a generated item whose primary file is {@code file}, sent with the registration; idempotent on its id. */
    public MediaItem register(RegisterMedia command, byte[] file) {
        return http.postWithFile(base + "/internal/v1/media/register", command, file, MediaItem.class);
    }
}
