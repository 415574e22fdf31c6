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
 * {@code files} are the item's further files, kept in the same transaction. A video kept in parts is
 * {@code processing} until its last part: its owner sees it and its files are served, but it is listed, counted by
 * the ledger and given its retention only once ready.
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
        return keep(record, isPublic, retentionDays, storedBytes, files, false);
    }

    /** As {@link #keep(MediaRecord, boolean, int, long, List)}; {@code partial}: the item stays {@code processing}. */
    @Transactional(Transactional.TxType.MANDATORY)
    public MediaItem keep(MediaRecord record, boolean isPublic, int retentionDays, long storedBytes, List<MediaFile> files,
                          boolean partial) {
        record.promptWords = PromptWords.stored(record.prompt);
        record.totalBytes = storedBytes;
        record.isPublic = isPublic;
        record.status = partial ? MediaRecord.PROCESSING : "ready";
        record.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        record.expiresAt = retentionDays > 0 && !partial ? record.createdAt.plus(Duration.ofDays(retentionDays)) : null;
        record.persist();
        if (!partial) {
            events.stored(record, storedBytes);
        }
        return urls.item(record, files);
    }
}
