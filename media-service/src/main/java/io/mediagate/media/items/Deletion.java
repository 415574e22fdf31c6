package io.mediagate.media.items;

import io.mediagate.media.events.StorageEvents;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Deletes a media item: its records and storage event in one transaction (so the ledger learns of it
 * exactly when the item is gone), then its objects. An object that cannot be removed right away is
 * logged; it is unreachable without its record. A pending upload never reached the ledger: it goes
 * with its uploaded bytes, if any, and no event.
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

    /** Returns false when the item was already gone. */
    public boolean delete(String id) {
        List<String> keys = QuarkusTransaction.requiringNew().call(() -> {
            MediaRecord record = MediaRecord.findById(id);
            if (record == null) {
                return null;
            }
            List<String> objects = new ArrayList<>();
            objects.add(record.objectKey);
            if ("pending".equals(record.status)) {
                record.delete();
                return objects;
            }
            long bytes = record.bytes;
            for (MediaFile file : MediaFile.of(id)) {
                if (!file.objectKey.equals(record.objectKey)) {
                    objects.add(file.objectKey);
                    bytes += file.bytes;
                }
                file.delete();
            }
            events.deleted(record, bytes);
            record.delete();
            return objects;
        });
        if (keys == null) {
            return false;
        }
        for (String key : keys) {
            try {
                store.delete(key);
            } catch (RuntimeException e) {
                LOG.warnf("media %s: object %s not removed yet: %s", id, key, e.toString());
            }
        }
        return true;
    }
}
