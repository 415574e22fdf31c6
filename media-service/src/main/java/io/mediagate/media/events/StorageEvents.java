package io.mediagate.media.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.StorageEvent;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.media.records.MediaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;

/**
 * Records a storage change in the outbox, inside the caller's transaction: the change and its event
 * commit together or not at all. {@link StorageOutboxRelay} publishes them.
 */
@ApplicationScoped
public class StorageEvents {
    private final ObjectMapper json;
    private final Clock clock;
    private final Tracing tracing;

    StorageEvents(ObjectMapper json, Clock clock, Tracing tracing) {
        this.json = json;
        this.clock = clock;
        this.tracing = tracing;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void stored(MediaRecord media, long bytes) {
        record(media, bytes, StorageEvent.STORED);
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void deleted(MediaRecord media, long bytes) {
        record(media, bytes, StorageEvent.DELETED);
    }

    private void record(MediaRecord media, long bytes, String change) {
        Instant now = Instant.now(clock);
        StorageOutboxRow row = new StorageOutboxRow();
        row.mediaId = media.id;
        row.createdAt = now;
        row.trace = tracing.current();
        try {
            row.payload = json.writeValueAsString(new StorageEvent(media.id, media.ownerId, media.kind, bytes, change, now));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a storage event", e);
        }
        row.persist();
    }
}
