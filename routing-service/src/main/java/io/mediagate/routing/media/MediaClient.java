package io.mediagate.routing.media;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.media.ReuseMedia;
import io.mediagate.common.tier.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hands generated files to media-service ({@link MediaApi}), which owns storage and records, and reads a caller's
 * sources from it. While media-service is unreachable or says it is unavailable (restarting, say) every call is sent
 * again, for up to {@code mediagate.outage-patience}; then it fails with {@code service_unavailable}.
 */
@ApplicationScoped
public class MediaClient {
    private final MediaApi media;
    private final Duration patience;

    MediaClient(InternalClients clients, InternalHttp http, @ConfigProperty(name = "mediagate.media.url") String base,
                @ConfigProperty(name = "mediagate.outage-patience") Duration patience) {
        this.media = new MediaApiClient(clients, http, base, CallAs.service("routing-service"));
        this.patience = patience;
    }

    /** Copies media {@code id} to {@code target} if {@code user} may see it (own or public). */
    public void download(String id, String user, Tier tier, Path target) {
        WhileUnavailable.retry("reading " + id, () -> InternalHttp.await(media.download(id, CallAs.user(user, tier), target)),
                patience, WhileUnavailable.Pause.REAL);
    }

    /** The bytes of media {@code id} if {@code user} may see it (own or public); for small files. */
    public byte[] read(String id, String user, Tier tier) {
        return WhileUnavailable.retry("reading " + id, () -> InternalHttp.await(media.content(id, CallAs.user(user, tier))),
                patience, WhileUnavailable.Pause.REAL);
    }

    /** Keeps a generated item whose primary file is {@code file}, sent with the registration; idempotent on its id. */
    public MediaItem register(RegisterMedia command, byte[] file) {
        return WhileUnavailable.retry("storing " + command.id(),
                () -> InternalHttp.await(media.register(command, file)),
                patience, WhileUnavailable.Pause.REAL);
    }

    /** Keeps an item whose files wait in the staging bucket; idempotent on its id. */
    public MediaItem register(RegisterMedia command) {
        return WhileUnavailable.retry("storing " + command.id(), () -> InternalHttp.await(media.register(command)),
                patience, WhileUnavailable.Pause.REAL);
    }

    /**
     * A new item ({@code command}) sharing the stored files of the same owner's item {@code id}; 404 {@code not_found} (thrown) when
     * that item is gone. Idempotent on the new id.
     */
    public MediaItem reuse(String id, ReuseMedia command) {
        return WhileUnavailable.retry("reusing " + id, () -> InternalHttp.await(media.reuse(id, command)), patience, WhileUnavailable.Pause.REAL);
    }

    /** Keeps a batch's output or error file for its owner; idempotent on {@code id}. */
    public void keepOutputFile(String id, String owner, String filename, int lines, Long expiresAfter, Path file) {
        WhileUnavailable.retry("storing " + id, () -> InternalHttp.await(media.keepOutputFile(id, owner, filename, lines, expiresAfter, file)),
                patience, WhileUnavailable.Pause.REAL);
    }
}
