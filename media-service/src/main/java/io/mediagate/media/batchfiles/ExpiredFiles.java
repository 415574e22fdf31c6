package io.mediagate.media.batchfiles;

import io.mediagate.media.records.BatchFileRecord;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/** Removes files past their {@code expires_at} with their bytes (the retention sweep calls it). */
@ApplicationScoped
public class ExpiredFiles {
    private static final int BATCH = 200;
    private final ObjectStore store;

    ExpiredFiles(ObjectStore store) {
        this.store = store;
    }

    /** One pass; returns how many files were removed. Several replicas may sweep at once: a file is removed once. */
    public int sweep(Instant now) {
        int removed = 0;
        List<BatchFileRecord> expired;
        do {
            expired = QuarkusTransaction.requiringNew().call(() -> BatchFileRecord.<BatchFileRecord>find(
                    "expiresAt < ?1 order by expiresAt", now).page(0, BATCH).list());
            for (BatchFileRecord file : expired) {
                if (BatchFilesResource.remove(file.id)) {
                    store.delete(file.objectKey);
                    removed++;
                }
            }
        } while (expired.size() == BATCH);
        return removed;
    }
}
