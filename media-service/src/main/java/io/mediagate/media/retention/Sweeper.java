package io.mediagate.media.retention;

import io.mediagate.media.batchfiles.ExpiredFiles;
import io.mediagate.media.items.Deletion;
import io.mediagate.media.records.MediaRecord;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Retention: removes media past their {@code expiresAt} with their files (the ledger is told through the
 * storage events {@link Deletion} writes), uploads left pending past their hour with their bytes, and videos kept
 * in parts that stayed {@code processing} for {@link #UNFINISHED} (their job's end never came to finish or discard them).
 * Files of the Files API past their {@code expires_at} go too ({@link ExpiredFiles}).
 * Several replicas may sweep at once; an item is deleted once.
 */
@ApplicationScoped
public class Sweeper {
    private static final Logger LOG = Logger.getLogger(Sweeper.class);
    private static final int BATCH = 200;
    /** Far longer than any video job takes from its first rendition to its last file. */
    static final Duration UNFINISHED = Duration.ofDays(1);
    private final Deletion deletion;
    private final ExpiredFiles files;
    private final Clock clock;

    Sweeper(Deletion deletion, ExpiredFiles files, Clock clock) {
        this.deletion = deletion;
        this.files = files;
        this.clock = clock;
    }

    @Scheduled(every = "${mediagate.retention.sweep-every}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void scheduled() {
        int removed = sweep();
        if (removed > 0) {
            LOG.infof("retention: removed %d media items and files", removed);
        }
    }

    /** One pass; returns how many items and Files API files were removed. */
    public int sweep() {
        Instant now = clock.instant();
        int removed = 0;
        List<String> expired;
        do {
            expired = ids("status = 'ready' and expiresAt < ?1", now);
            for (String id : expired) {
                removed += deletion.delete(id) ? 1 : 0;
            }
        } while (expired.size() == BATCH);
        for (String id : ids("status = 'pending' and expiresAt < ?1", now)) {
            removed += deletion.cancelPending(id) ? 1 : 0;
        }
        for (String id : ids("status = '" + MediaRecord.PROCESSING + "' and createdAt < ?1", now.minus(UNFINISHED))) {
            removed += deletion.discardUnfinished(id) ? 1 : 0;
        }
        return removed + files.sweep(now);
    }

    private static List<String> ids(String where, Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> MediaRecord.<MediaRecord>find(where, now).page(0, BATCH).list()
                .stream().map(r -> r.id).toList());
    }
}
