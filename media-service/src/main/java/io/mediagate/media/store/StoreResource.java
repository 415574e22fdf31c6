package io.mediagate.media.store;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.RegisterVideo;
import io.mediagate.common.media.StoreMedia;
import io.mediagate.media.records.MediaFile;
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
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * {@code POST /internal/v1/media}: keeps a generated file and its record; {@code POST /internal/v1/media/videos}
 * keeps a finished video and its further files. Services only. Idempotent on the media id, so a
 * redelivered job stores nothing twice.
 */
@Path("/internal/v1/media")
@RolesAllowed(InternalToken.SERVICE)
public class StoreResource {
    private static final Pattern ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");
    private static final Pattern NAME = Pattern.compile("[a-z0-9_]{1,40}(/[a-z0-9_]{1,40})?\\.[a-z0-9]{2,5}");
    private final ObjectStore store;
    private final MediaUrls urls;
    private final MediaKeeper keeper;

    StoreResource(ObjectStore store, MediaUrls urls, MediaKeeper keeper) {
        this.store = store;
        this.urls = urls;
        this.keeper = keeper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Transactional
    public MediaItem store(StoreMedia command) {
        MediaRecord existing = existing(command == null ? null : command.id());
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
        return keeper.keep(record, command.isPublic(), command.retentionDays(), record.bytes);
    }

    /**
     * {@code POST /internal/v1/media/videos}: keeps a finished video (the pipeline's storage step). The
     * staged files are copied into the media bucket under keys chosen here: the primary MP4 as
     * {@code media/{id}.mp4}, every other file as {@code media/{id}/{name}}.
     */
    @POST
    @Path("videos")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Transactional
    public MediaItem register(RegisterVideo command) {
        MediaRecord existing = existing(command == null ? null : command.id());
        if (existing != null) {
            return urls.item(existing);
        }
        VideoWork.StagedFile primary = command.files() == null ? null : command.files().stream()
                .filter(f -> f.name().equals(command.primary())).findFirst().orElse(null);
        if (primary == null || !"video/mp4".equals(primary.mime())) {
            throw ApiException.invalid("primary", "primary must name one of the files, an MP4");
        }
        MediaRecord record = new MediaRecord();
        record.id = command.id();
        record.ownerId = command.ownerId();
        record.kind = "video";
        record.mime = "video/mp4";
        record.model = command.model();
        record.modelSlug = command.modelSlug();
        record.provider = command.provider();
        record.providerName = command.providerName();
        record.prompt = command.prompt();
        record.sizeLabel = command.size();
        record.durationSeconds = command.duration();
        record.width = command.width();
        record.height = command.height();
        record.objectKey = "media/" + MediaUrls.fileName(record.id, record.mime);
        long total = 0;
        for (VideoWork.StagedFile staged : command.files()) {
            if (!NAME.matcher(staged.name()).matches()) {
                throw ApiException.invalid("files", "bad file name " + staged.name());
            }
            boolean isPrimary = staged == primary;
            String key = isPrimary ? record.objectKey : "media/" + record.id + "/" + staged.name();
            String etag = store.copyIn(command.stagingBucket(), staged.key(), key, staged.mime());
            total += staged.bytes();
            if (isPrimary) {
                record.etag = etag;
                record.bytes = staged.bytes();
            }
            MediaFile file = new MediaFile();
            file.mediaId = record.id;
            file.name = staged.name();
            file.role = staged.role();
            file.format = staged.format();
            file.codec = staged.codec();
            file.sizeLabel = staged.size();
            file.width = staged.width() > 0 ? staged.width() : null;
            file.height = staged.height() > 0 ? staged.height() : null;
            file.mime = staged.mime();
            file.bytes = staged.bytes();
            file.objectKey = key;
            file.etag = etag;
            file.persist();
        }
        return keeper.keep(record, command.isPublic(), command.retentionDays(), total);
    }

    /** The record already kept under {@code id} (a repeated request), or null; a malformed id is refused. */
    private static MediaRecord existing(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw ApiException.invalid("id", "id must look like med_<alphanumerics>");
        }
        return MediaRecord.findById(id);
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
