package io.mediagate.media.store;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.StoreMedia;
import io.mediagate.media.events.StorageEvents;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.storage.ObjectStore;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * {@code POST /internal/v1/media}: keeps a generated file and its record. Services only. Idempotent on
 * the media id, so a redelivered job stores nothing twice.
 */
@Path("/internal/v1/media")
@RolesAllowed(InternalToken.SERVICE)
public class StoreResource {
    private static final Pattern ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");
    private final ObjectStore store;
    private final MediaUrls urls;
    private final StorageEvents events;
    private final Clock clock;

    StoreResource(ObjectStore store, MediaUrls urls, StorageEvents events, Clock clock) {
        this.store = store;
        this.urls = urls;
        this.events = events;
        this.clock = clock;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Transactional
    public MediaItem store(StoreMedia command) {
        if (command == null || command.id() == null || !ID.matcher(command.id()).matches()) {
            throw ApiException.invalid("id", "id must look like med_<alphanumerics>");
        }
        MediaRecord existing = MediaRecord.findById(command.id());
        if (existing != null) {
            return urls.item(existing);
        }
        byte[] bytes = decode(command.content());
        String mime = ContentSniffer.mime(bytes).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "the file is not a supported image or video"));
        MediaRecord record = new MediaRecord();
        record.id = command.id();
        record.ownerId = command.ownerId();
        record.kind = command.kind();
        record.mime = mime;
        record.model = command.model();
        record.modelSlug = command.modelSlug();
        record.provider = command.provider();
        record.providerName = command.providerName();
        record.prompt = command.prompt();
        record.revisedPrompt = command.revisedPrompt();
        record.sizeLabel = command.size();
        record.durationSeconds = command.duration();
        ContentSniffer.pngDimensions(bytes).ifPresent(d -> {
            record.width = d.width();
            record.height = d.height();
        });
        record.bytes = bytes.length;
        record.objectKey = "media/" + MediaUrls.fileName(record.id, mime);
        record.etag = store.put(record.objectKey, mime, bytes);
        record.isPublic = command.isPublic();
        record.status = "ready";
        record.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        record.expiresAt = command.retentionDays() > 0 ? record.createdAt.plus(Duration.ofDays(command.retentionDays())) : null;
        record.persist();
        events.stored(record, record.bytes);
        return urls.item(record);
    }

    private static byte[] decode(String content) {
        if (content == null || content.isEmpty()) {
            throw ApiException.invalid("content", "content is required");
        }
        try {
            return Base64.getDecoder().decode(content);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("content", "content must be base64");
        }
    }
}
