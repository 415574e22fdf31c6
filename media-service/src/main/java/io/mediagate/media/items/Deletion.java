package io.mediagate.media.items;

import io.mediagate.media.events.StorageEvents;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.UploadKeys;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Deletes a media item: its records and storage event in one transaction (so the ledger learns of it
 * exactly when the item is gone), then its objects. An object that cannot be removed right away is
 * logged; it is unreachable without its record.
 */
@ApplicationScoped
public class Deletion {
    private static final Logger LOG = Logger.getLogger(Deletion.class);
    private final ObjectStore store;
    private final StorageEvents events;

    Deletion(ObjectStore store, StorageEvents events) {
        this.store = store;
        this.events = events;
    }

    /**
     * Deletes an item, or cancels it while it is a pending upload. Returns false when it was already gone. An
     * upload completed while it was being cancelled is deleted as the ready item it has become.
     */
    public boolean delete(String id) {
        return cancelPending(id) || removed(id, "ready", true);
    }

    /**
     * Removes {@code id} with the files kept so far if it is still a video kept in parts ({@code processing}): its job
     * failed or was cancelled. It never reached the ledger, so no event. Returns whether it was removed.
     */
    public boolean discardUnfinished(String id) {
        return removed(id, MediaRecord.PROCESSING, false);
    }

    /**
     * Removes item {@code id} if its status is {@code status}: its records (and, when the ledger knew of it, its storage
     * event: {@code told}) in one transaction, then its objects. Returns whether it was removed. Items sharing their files (a
     * reused result) are locked together, oldest first; the files go with the last of them. The ledger counts shared files
     * against the oldest item: when that one goes and others stay, the next oldest is told to hold them.
     */
    private boolean removed(String id, String status, boolean told) {
        List<String> keys = QuarkusTransaction.requiringNew().call(() -> {
            MediaRecord seen = MediaRecord.findById(id);
            if (seen == null || !status.equals(seen.status)) {
                return null;
            }
            List<MediaRecord> group = MediaRecord.sharing(seen.objectKey);
            MediaRecord record = group.stream().filter(r -> r.id.equals(id)).findFirst().orElse(null);
            if (record == null || !status.equals(record.status)) {
                return null;
            }
            List<MediaRecord> others = group.stream().filter(r -> r != record).toList();
            List<String> objects = new ArrayList<>(List.of(record.objectKey));
            long bytes = record.bytes;
            for (MediaFile file : MediaFile.of(id)) {
                if (!file.objectKey.equals(record.objectKey)) {
                    objects.add(file.objectKey);
                    bytes += file.bytes;
                }
                file.delete();
            }
            boolean held = group.getFirst() == record;
            if (told) {
                events.deleted(record, held ? bytes : 0);
            }
            record.delete();
            if (others.isEmpty()) {
                return objects;
            }
            if (held && told) {
                events.stored(others.getFirst(), bytes); // the files stay, held by the next oldest
            }
            return List.<String>of();
        });
        if (keys == null) {
            return false;
        }
        keys.forEach(key -> remove(id, key));
        return true;
    }

    /**
     * Removes {@code id} if it is still a pending upload, with any bytes already sent; it never reached the
     * ledger, so no event. The status is checked in the delete itself, so an upload completing at the same
     * moment is never removed here. Returns whether it was removed.
     */
    public boolean cancelPending(String id) {
        boolean removed = QuarkusTransaction.requiringNew().call(() ->
                MediaRecord.delete("id = ?1 and status = 'pending'", id) > 0);
        if (removed) {
            remove(id, UploadKeys.of(id));
        }
        return removed;
    }

    private void remove(String id, String key) {
        try {
            store.delete(key);
        } catch (RuntimeException e) {
            LOG.warnf("media %s: object %s not removed yet: %s", id, key, e.toString());
        }
    }
}
