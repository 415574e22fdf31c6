package io.mediagate.routing.media;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.routing.support.ServiceHttp;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hands generated files to media-service, which owns storage and records, and reads a caller's sources from it.
 * While media-service is unreachable or says it is unavailable (restarting, say) every call is sent again, for up
 * to {@code mediagate.outage-patience}; then it fails with {@code service_unavailable}.
 */
@ApplicationScoped
public class MediaClient {
    private final ServiceHttp http;
    private final String base;
    private final Duration patience;

    MediaClient(ServiceHttp http, @ConfigProperty(name = "mediagate.media.url") String base,
                @ConfigProperty(name = "mediagate.outage-patience") Duration patience) {
        this.http = http;
        this.base = base;
        this.patience = patience;
    }

    /** Copies media {@code id} to {@code target} if {@code user} may see it (own or public). */
    public void download(String id, String user, String tier, Path target) {
        WhileUnavailable.retry("reading " + id, () -> {
            http.download(base + "/internal/v1/media/" + id + "/content", user, tier, target);
            return null;
        }, patience, WhileUnavailable.Pause.REAL);
    }

    /** The bytes of media {@code id} if {@code user} may see it (own or public); for small files. */
    public byte[] read(String id, String user, String tier) {
        return WhileUnavailable.retry("reading " + id, () -> http.read(base + "/internal/v1/media/" + id + "/content", user, tier),
                patience, WhileUnavailable.Pause.REAL);
    }

    /** Keeps a generated item whose primary file is {@code file}, sent with the registration; idempotent on its id. */
    public MediaItem register(RegisterMedia command, byte[] file) {
        return WhileUnavailable.retry("storing " + command.id(),
                () -> http.postWithFile(base + "/internal/v1/media/register", command, file, MediaItem.class),
                patience, WhileUnavailable.Pause.REAL);
    }
}
