package io.mediagate.common.outbox;

import java.time.Instant;
import java.util.List;

/**
 * Where a service keeps its outbox: rows written in the same transaction as the change they announce, read back
 * when they may have been forgotten, deleted once Kafka has them. Each call runs in a transaction of its own.
 */
public interface OutboxStore<R> {
    /** At most {@code limit} rows written before {@code before}, oldest first. */
    List<R> writtenBefore(Instant before, int limit);

    /** Deletes the rows with these ids. */
    void delete(List<Long> ids);

    /** A row's id. */
    long id(R row);
}
