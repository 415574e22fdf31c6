package io.mediagate.media.uploads;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.tier.Tier;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.media.items.Deletion;
import io.mediagate.media.provenance.Provenances;
import io.mediagate.media.quota.StorageQuota;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.records.UploadKeys;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.media.store.MediaKeeper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Uploads. {@code POST /v1/media/upload {mime, bytes, filename?, public?}} checks type, size and quota and
 * answers a presigned PUT URL for the media bucket plus the pending item's id; the client PUTs the bytes;
 * {@code POST /v1/media/{id}} then checks what arrived (real size, real type from the bytes), reads its
 * dimensions and duration, makes a thumbnail and makes the item {@code ready}. The upload URL lives
 * {@code mediagate.uploads.pending-window} (15 minutes by default), and the declared size counts against
 * the storage quota only that long; {@code DELETE /v1/media/{id}} cancels a pending upload at once. A
 * pending upload never completed is removed an hour later by the sweeper.
 */
@Path("/v1/media")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class UploadResource {
    static final Duration PENDING_LIFETIME = Duration.ofHours(1);
    private final JsonWebToken caller;
    private final ObjectStore store;
    private final UploadUrls uploadUrls;
    private final Inspection inspection;
    private final MediaKeeper keeper;
    private final MediaUrls urls;
    private final Clock clock;
    private final Deletion deletion;
    private final Duration window;
    private final Provenances provenances;
    private final StorageQuota quota;

    UploadResource(JsonWebToken caller, ObjectStore store, UploadUrls uploadUrls, Inspection inspection, MediaKeeper keeper,
                   MediaUrls urls, Clock clock, Deletion deletion, StorageQuota quota,
                   @ConfigProperty(name = "mediagate.uploads.pending-window") Duration window, Provenances provenances) {
        this.caller = caller;
        this.store = store;
        this.uploadUrls = uploadUrls;
        this.inspection = inspection;
        this.keeper = keeper;
        this.urls = urls;
        this.clock = clock;
        this.deletion = deletion;
        this.window = window;
        this.provenances = provenances;
        this.quota = quota;
    }

    public record UploadRequest(String mime, Long bytes, String filename, @JsonProperty("public") Boolean isPublic) {}

    @POST
    @Path("upload")
    @Consumes(MediaType.APPLICATION_JSON)
    public Envelope<Map<String, Object>> start(UploadRequest request) {
        if (request == null || request.mime() == null) {
            throw ApiException.invalid("mime", "mime is required");
        }
        String kind = UploadLimits.kind(request.mime());
        if (request.bytes() == null || request.bytes() < 1) {
            throw ApiException.invalid("bytes", "bytes must be the file's size, at least 1");
        }
        UploadLimits.checkSize(kind, request.bytes(), "bytes");
        if (request.filename() != null && request.filename().length() > 255) {
            throw ApiException.invalid("filename", "filename is limited to 255 characters");
        }
        Tier.Limits limits = limits();
        String id = "med_" + UUID.randomUUID().toString().replace("-", "");
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        QuarkusTransaction.requiringNew().run(() -> {
            quota.check(caller.getSubject(), request.bytes(), limits);
            MediaRecord record = new MediaRecord();
            record.id = id;
            record.ownerId = caller.getSubject();
            record.kind = kind;
            record.mime = request.mime();
            record.bytes = request.bytes();
            record.totalBytes = request.bytes();
            record.objectKey = UploadKeys.of(id);
            record.etag = "";
            record.isPublic = request.isPublic() == null || request.isPublic();
            record.status = "pending";
            record.createdAt = now;
            record.expiresAt = now.plus(PENDING_LIFETIME.compareTo(window) > 0 ? PENDING_LIFETIME : window);
            record.persist();
        });
        UploadUrls.Presigned put = uploadUrls.put(UploadKeys.of(id), request.mime(), request.bytes(), window);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", id);
        result.put("uploadUrl", put.url());
        result.put("method", "PUT");
        result.put("headers", put.headers());
        result.put("expiresAt", now.plus(window));
        result.put("maxBytes", UploadLimits.max(kind));
        return Envelope.of(result);
    }

    @POST
    @Path("{id}")
    public Envelope<Map<String, Object>> complete(@PathParam("id") String id) {
        MediaRecord record = QuarkusTransaction.requiringNew().call(() -> MediaRecord.<MediaRecord>findById(id));
        if (record == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no media " + id);
        }
        if (!record.ownerId.equals(caller.getSubject())) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "only the uploader completes an upload");
        }
        if ("ready".equals(record.status)) {
            return Envelope.of(Map.of("media", QuarkusTransaction.requiringNew().call(() -> urls.item(MediaRecord.findById(id)))));
        }
        long size = store.size(UploadKeys.of(id)).orElseThrow(() ->
                new ApiException(ErrorCode.UPLOAD_INCOMPLETE, "nothing has been uploaded for " + id + " yet; PUT the file to uploadUrl first"));
        java.nio.file.Path dir = null;
        try {
            dir = Files.createTempDirectory("upload-");
            String kind = record.kind;
            if (size > UploadLimits.max(kind)) {
                deletion.cancelPending(id);
                UploadLimits.checkSize(kind, size, "bytes");
            }
            java.nio.file.Path file = dir.resolve("file");
            store.download(UploadKeys.of(id), file);
            String mime = sniff(file);
            String realKind = UploadLimits.kind(mime);
            UploadLimits.checkSize(realKind, size, "bytes");
            Inspection.Facts facts = inspection.inspect(file, realKind);
            Provenances.Reading provenance = provenances.read(file, mime); // read and validated once; never signed as ours
            java.nio.file.Path thumbnail = dir.resolve("thumbnail.jpg");
            inspection.thumbnail(file, facts, thumbnail);
            provenances.signThumbnail(thumbnail, provenance, mime, id);
            String finalKey = "media/" + MediaUrls.fileName(id, mime);
            String etag = store.copy(UploadKeys.of(id), finalKey, mime);
            String thumbKey = "media/" + id + "/thumbnail.jpg";
            String thumbEtag = store.put(thumbKey, "image/jpeg", thumbnail);
            long thumbBytes = Files.size(thumbnail);
            Tier.Limits limits = limits();
            var item = QuarkusTransaction.requiringNew().call(() -> {
                MediaRecord r = MediaRecord.findById(id);
                if (r == null) { // cancelled while it was being checked
                    store.delete(finalKey);
                    store.delete(thumbKey);
                    throw new ApiException(ErrorCode.NOT_FOUND, "upload " + id + " was cancelled");
                }
                if ("ready".equals(r.status)) {
                    return urls.item(r);
                }
                r.totalBytes = 0L; // the pending declaration no longer counts
                quota.check(r.ownerId, size + thumbBytes, limits);
                r.kind = realKind;
                r.mime = mime;
                r.bytes = size;
                r.objectKey = finalKey;
                r.etag = etag;
                r.width = facts.width();
                r.height = facts.height();
                r.durationSeconds = facts.durationSeconds();
                r.sizeLabel = facts.width() + "x" + facts.height();
                Provenances.keep(r, provenance);
                MediaFile thumb = new MediaFile();
                thumb.mediaId = id;
                thumb.name = "thumbnail.jpg";
                thumb.role = MediaFile.THUMBNAIL;
                thumb.format = "jpg";
                thumb.codec = "mjpeg";
                thumb.mime = "image/jpeg";
                thumb.bytes = thumbBytes;
                thumb.objectKey = thumbKey;
                thumb.etag = thumbEtag;
                thumb.persist();
                return keeper.keep(r, r.isPublic, limits.retentionDays(), size + thumbBytes, List.of(thumb));
            });
            store.delete(UploadKeys.of(id));
            return Envelope.of(Map.of("media", item));
        } catch (ApiException e) {
            if (e.code() == ErrorCode.UNSUPPORTED_MEDIA_TYPE || e.code() == ErrorCode.PAYLOAD_TOO_LARGE) {
                deletion.cancelPending(id);
            }
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(dir);
        }
    }

    private Tier.Limits limits() {
        return Tier.limitsOf(caller.getClaim(InternalToken.TIER_CLAIM));
    }

    private static String sniff(java.nio.file.Path file) throws IOException {
        return ContentSniffer.mime(file).orElseThrow(() -> new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "the uploaded file is not a PNG, JPEG, WebP, GIF, MP4, WebM or QuickTime file"));
    }
}
