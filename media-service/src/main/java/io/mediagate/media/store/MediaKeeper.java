package io.mediagate.media.store;

import io.mediagate.common.events.MediaItem;
import io.mediagate.media.events.StorageEvents;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.records.PromptWords;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
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

    /**
     * A new ready item {@code id} of {@code source}'s owner made of {@code source}'s stored files (a reused result): everything
     * {@code source} says of how it was made, its own visibility and retention, price 0. The ledger is told it stores nothing:
     * the files are counted against the item that stored them.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public MediaItem keepShared(MediaRecord source, String id, boolean isPublic, int retentionDays) {
        MediaRecord record = new MediaRecord();
        record.id = id;
        record.ownerId = source.ownerId;
        record.kind = source.kind;
        record.mime = source.mime;
        record.model = source.model;
        record.modelSlug = source.modelSlug;
        record.provider = source.provider;
        record.providerName = source.providerName;
        record.prompt = source.prompt;
        record.revisedPrompt = source.revisedPrompt;
        record.sizeLabel = source.sizeLabel;
        record.durationSeconds = source.durationSeconds;
        record.width = source.width;
        record.height = source.height;
        record.bytes = source.bytes;
        record.objectKey = source.objectKey;
        record.etag = source.etag;
        record.sources = source.sources;
        record.provenance = source.provenance;
        record.price = BigDecimal.ZERO;
        record.reusedFrom = source.id;
        List<MediaFile> files = new ArrayList<>();
        for (MediaFile file : MediaFile.of(source.id)) {
            MediaFile copy = new MediaFile();
            copy.mediaId = id;
            copy.name = file.name;
            copy.role = file.role;
            copy.format = file.format;
            copy.codec = file.codec;
            copy.sizeLabel = file.sizeLabel;
            copy.width = file.width;
            copy.height = file.height;
            copy.mime = file.mime;
            copy.bytes = file.bytes;
            copy.objectKey = file.objectKey;
            copy.etag = file.etag;
            copy.persist();
            files.add(copy);
        }
        persist(record, isPublic, retentionDays, source.totalBytes, false);
        events.stored(record, 0);
        return urls.item(record, files);
    }

    /** As {@link #keep(MediaRecord, boolean, int, long, List)}; {@code partial}: the item stays {@code processing}. */
    @Transactional(Transactional.TxType.MANDATORY)
    public MediaItem keep(MediaRecord record, boolean isPublic, int retentionDays, long storedBytes, List<MediaFile> files,
                          boolean partial) {
        persist(record, isPublic, retentionDays, storedBytes, partial);
        if (!partial) {
            events.stored(record, storedBytes);
        }
        return urls.item(record, files);
    }

    /** Stores {@code record} as made now, ready unless {@code partial}, kept {@code retentionDays} from now (0: for good). */
    private void persist(MediaRecord record, boolean isPublic, int retentionDays, Long storedBytes, boolean partial) {
        record.promptWords = PromptWords.stored(record.prompt);
        record.totalBytes = storedBytes;
        record.isPublic = isPublic;
        record.status = partial ? MediaRecord.PROCESSING : "ready";
        record.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        record.expiresAt = retentionDays > 0 && !partial ? record.createdAt.plus(Duration.ofDays(retentionDays)) : null;
        record.persist();
    }
}
