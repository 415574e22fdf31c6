package io.mediagate.usage.storage;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.StorageEvent;
import io.mediagate.usage.ledger.LedgerConsumer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Keeps the stored bytes per account from {@code storage.events}. Each media id is stored once and
 * deleted once: redelivered events change nothing, and a deletion that overtakes its store (they share
 * a key, so only across a re-partitioning) still leaves the item counted as gone. Items sharing their files (a reused
 * result) are counted once: media-service stores the files' bytes against the oldest of them and the others at 0, and
 * when that one goes while others stay, stores them again against the next (a later {@code stored} restating its bytes). Applied a batch per
 * transaction; a database outage is waited out, as for the generation ledger.
 */
@ApplicationScoped
public class StorageConsumer {
    private static final Logger LOG = Logger.getLogger(StorageConsumer.class);

    @Incoming("storage-events")
    @Blocking
    public void apply(List<StorageEvent> events) {
        List<StorageEvent> readable = events.stream()
                .filter(e -> e != null && e.mediaId() != null && e.userId() != null).toList();
        if (readable.size() < events.size()) {
            LOG.warnf("skipping %d unreadable storage events", events.size() - readable.size());
        }
        if (!readable.isEmpty()) {
            WhileUnavailable.retry("applying " + readable.size() + " storage events", () -> {
                QuarkusTransaction.requiringNew().run(() -> readable.forEach(StorageConsumer::applyOne));
                return null;
            }, LedgerConsumer.PATIENCE, WhileUnavailable.Pause.REAL);
        }
    }

    private static void applyOne(StorageEvent event) {
        StoredMedia media = StoredMedia.findById(event.mediaId());
        if (media == null) {
            media = new StoredMedia();
            media.mediaId = event.mediaId();
            media.userId = event.userId();
            media.kind = event.kind() == null ? "image" : event.kind();
            media.bytes = Math.max(0, event.bytes());
            media.storedAt = event.occurredAt();
            media.persist();
        } else if (StorageEvent.STORED.equals(event.change()) && media.deletedAt == null) {
            // files shared by items (a reused result) are counted once, against one of them: told again when it changes
            media.bytes = Math.max(0, event.bytes());
        }
        if (StorageEvent.DELETED.equals(event.change()) && media.deletedAt == null) {
            media.deletedAt = event.occurredAt();
        }
    }
}
