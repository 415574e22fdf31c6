package io.mediagate.media.store;

import io.mediagate.common.events.MediaItem;
import io.mediagate.media.events.StorageEvents;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.records.PromptWords;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The last step of keeping any media item (generated, finished video, completed upload): ready, visible
 * as asked, expiring after the retention, and its bytes announced to the ledger in the same transaction.
 * {@code files} are the item's further files, kept in the same transaction.
 */
@ApplicationScoped
public class MediaKeeper {
    private final MediaUrls urls;
    private final StorageEvents events;
    private final Clock clock;

    MediaKeeper(MediaUrls urls, StorageEvents events, Clock clock) {
        this.urls = urls;
        this.events = events;
        this.clock = clock;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public MediaItem keep(MediaRecord record, boolean isPublic, int retentionDays, long storedBytes, List<MediaFile> files) {
        record.promptWords = PromptWords.stored(record.prompt);
        record.totalBytes = storedBytes;
        record.isPublic = isPublic;
        record.status = "ready";
        record.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        record.expiresAt = retentionDays > 0 ? record.createdAt.plus(Duration.ofDays(retentionDays)) : null;
        record.persist();
        events.stored(record, storedBytes);
        return urls.item(record, files);
    }
}
