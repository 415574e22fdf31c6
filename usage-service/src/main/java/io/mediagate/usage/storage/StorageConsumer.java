package io.mediagate.usage.storage;

import io.mediagate.common.events.StorageEvent;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Keeps the stored bytes per account from {@code storage.events}. Each media id is stored once and
 * deleted once: redelivered events change nothing, and a deletion that overtakes its store (they share
 * a key, so only across a re-partitioning) still leaves the item counted as gone.
 */
@ApplicationScoped
public class StorageConsumer {
    private static final Logger LOG = Logger.getLogger(StorageConsumer.class);

    @Incoming("storage-events")
    @Blocking
    @Transactional
    public void apply(StorageEvent event) {
        if (event == null || event.mediaId() == null || event.userId() == null) {
            LOG.warn("skipping an unreadable storage event");
            return;
        }
        StoredMedia media = StoredMedia.findById(event.mediaId());
        if (media == null) {
            media = new StoredMedia();
            media.mediaId = event.mediaId();
            media.userId = event.userId();
            media.kind = event.kind() == null ? "image" : event.kind();
            media.bytes = Math.max(0, event.bytes());
            media.storedAt = event.occurredAt();
            media.persist();
        }
        if (StorageEvent.DELETED.equals(event.change()) && media.deletedAt == null) {
            media.deletedAt = event.occurredAt();
        }
    }
}
