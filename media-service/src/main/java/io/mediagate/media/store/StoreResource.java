package io.mediagate.media.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.media.ReuseMedia;
import io.mediagate.common.values.MediaKind;
import io.mediagate.media.items.Deletion;
import io.mediagate.media.provenance.Provenances;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.persistence.LockModeType;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.hibernate.exception.ConstraintViolationException;

/**
 * Keeps generated items for the services that made them (routing's images, the pipeline's videos).
 * Services only. Idempotent on the media id, so a redelivered job stores nothing twice. The main file's Content
 * Credentials are read once the item is whole ({@link Provenances}).
 */
@Path(MediaApi.ROOT)
@RolesAllowed(InternalToken.SERVICE)
public class StoreResource {
    private static final Pattern ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");
    private static final Set<String> IMAGE_TYPES = Set.of("image/png", "image/jpeg", "image/webp", "image/gif",
            ContentSniffer.SVG);
    private static final Pattern NAME = Pattern.compile("[a-z0-9_]{1,40}(/[a-z0-9_]{1,40})?\\.[a-z0-9]{2,5}");
    private final ObjectStore store;
    private final MediaUrls urls;
    private final MediaKeeper keeper;
    private final ObjectMapper json;
    private final Deletion deletion;
    private final Provenances provenances;
    private final Clock clock;

    StoreResource(ObjectStore store, MediaUrls urls, MediaKeeper keeper, ObjectMapper json, Deletion deletion, Provenances provenances,
                  Clock clock) {
        this.clock = clock;
        this.store = store;
        this.urls = urls;
        this.keeper = keeper;
        this.json = json;
        this.deletion = deletion;
        this.provenances = provenances;
    }

    /**
     * {@code POST /internal/v1/media/register}: keeps a generated item, image or video, under keys chosen
     * here: the primary file as {@code media/{id}.{ext}}, a video's further files (renditions, playlist,
     * thumbnail, preview) as {@code media/{id}/{name}}. Files that wait in the staging bucket (the video
     * pipeline's) are copied server-side; a file sent with the registration ({@link #registerWithFile}) is
     * written once.
     */
    @POST
    @Path(MediaApi.REGISTER)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public MediaItem register(RegisterMedia command) {
        return settled(() -> keep(command, null));
    }

    /**
     * The same registration with its primary file in the body ({@value RegisterMedia#WITH_FILE}: the
     * registration as one line of JSON, a newline, then the file's bytes), as routing sends generated images:
     * one request, one write to the store, no file inside JSON.
     */
    @POST
    @Path(MediaApi.REGISTER)
    @Consumes(RegisterMedia.WITH_FILE)
    @Produces(MediaType.APPLICATION_JSON)
    public MediaItem registerWithFile(byte[] body) {
        int newline = 0;
        while (newline < body.length && body[newline] != '\n') {
            newline++;
        }
        if (newline == body.length) {
            throw ApiException.invalid(null, "the body must be a JSON line, a newline and the file");
        }
        RegisterMedia command;
        try {
            command = json.readValue(body, 0, newline, RegisterMedia.class);
        } catch (IOException e) {
            throw ApiException.invalid(null, "the registration line is not valid JSON");
        }
        byte[] file = Arrays.copyOfRange(body, newline + 1, body.length);
        return settled(() -> keep(command, file));
    }

    /**
     * Runs a registration in a transaction of its own. Two registrations of one new video can arrive together (the playable
     * consumer's first part and the transcode consumer's second): both find no item, and the one that commits second
     * breaks a key. It is then made once more, and finds the item the other kept: its files are added to it.
     */
    private static MediaItem settled(Supplier<MediaItem> registration) {
        try {
            return QuarkusTransaction.requiringNew().call(registration::get);
        } catch (RuntimeException e) {
            if (!duplicateKey(e)) {
                throw e;
            }
            return QuarkusTransaction.requiringNew().call(registration::get);
        }
    }

    /** Whether a key was broken, however the transaction manager wrapped it (as a cause, or suppressed at commit). */
    private static boolean duplicateKey(Throwable e) {
        if (e == null) {
            return false;
        }
        if (e instanceof ConstraintViolationException) {
            return true;
        }
        for (Throwable suppressed : e.getSuppressed()) {
            if (duplicateKey(suppressed)) {
                return true;
            }
        }
        return e.getCause() != e && duplicateKey(e.getCause());
    }

    /**
     * {@code POST /internal/v1/media/{id}/reuse}: a new item of the same owner sharing item {@code id}'s stored files (a result
     * reused rather than made again): its own id, visibility and retention, price 0, {@code reusedFrom} naming {@code id}. 404
     * when {@code id} is gone, expired, not ready or another owner's. Idempotent on the new id.
     */
    @POST
    @Path(MediaApi.REUSE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public MediaItem reuse(@PathParam("id") String id, ReuseMedia command) {
        if (command == null || command.ownerId() == null) {
            throw ApiException.invalid(null, "a reuse names the new item and its owner");
        }
        existing(id);
        return settled(() -> {
            MediaRecord made = existing(command.id());
            if (made != null) {
                // made already (a redelivered job: its ids are the job's), whatever it was made from
                if (!made.ownerId.equals(command.ownerId())) {
                    throw new ApiException(ErrorCode.IDEMPOTENCY_CONFLICT, "item " + command.id() + " is another item", "id");
                }
                return urls.item(made);
            }
            MediaRecord source = MediaRecord.findById(id, LockModeType.PESSIMISTIC_WRITE);
            if (source == null || !"ready".equals(source.status) || !source.ownerId.equals(command.ownerId())
                    || source.expiresAt != null && !source.expiresAt.isAfter(clock.instant())) {
                throw new ApiException(ErrorCode.NOT_FOUND, "no item " + id + " to reuse");
            }
            return keeper.keepShared(source, command.id(), command.isPublic(), command.retentionDays());
        });
    }

    /**
     * {@code DELETE /internal/v1/media/{id}/unfinished}: drops a video kept in parts whose job failed or was cancelled,
     * with the files kept so far; an item that is ready (or gone) is left alone. 204 either way.
     */
    @DELETE
    @Path(MediaApi.UNFINISHED)
    public Response discard(@PathParam("id") String id) {
        existing(id); // a malformed id is refused
        deletion.discardUnfinished(id);
        return Response.noContent().build();
    }

    private MediaItem keep(RegisterMedia command, byte[] inline) {
        MediaRecord existing = existing(command == null ? null : command.id());
        if (existing != null) {
            return MediaRecord.PROCESSING.equals(existing.status) ? more(existing, command) : urls.item(existing);
        }
        VideoWork.StagedFile primary = primary(command);
        MediaRecord record = new MediaRecord();
        record.id = command.id();
        record.ownerId = command.ownerId();
        record.kind = command.kind().wire();
        record.mime = primary.mime();
        record.model = command.model();
        record.modelSlug = command.modelSlug();
        record.provider = command.provider();
        record.providerName = command.providerName();
        record.prompt = command.prompt();
        record.revisedPrompt = command.revisedPrompt();
        record.sizeLabel = command.size();
        record.durationSeconds = command.duration();
        record.width = command.width();
        record.height = command.height();
        record.objectKey = "media/" + MediaUrls.fileName(record.id, record.mime);
        record.sources = sources(command.sources());
        record.price = command.price();
        List<MediaFile> further = new ArrayList<>();
        long total = copy(record, command, primary, inline, Set.of(), further);
        boolean partial = command.partial() && command.kind() == MediaKind.VIDEO;
        Provenances.Reading reading = partial ? null
                : inline != null ? provenances.read(inline, record.mime) : provenances.readStored(record.objectKey, record.mime);
        if (reading != null) {
            record.provenance = reading.summary();
        }
        MediaItem item = keeper.keep(record, command.isPublic(), command.retentionDays(), total, further, partial);
        if (reading != null) {
            Provenances.keep(record, reading); // once the item's row is there: the reading's row refers to it
        }
        return item;
    }

    /**
     * A further registration of a video kept in parts: the files not kept yet are added, and one that is not partial
     * makes the item ready. Only the same owner's video; the row is locked, so parts that arrive together add each file once.
     */
    private MediaItem more(MediaRecord existing, RegisterMedia command) {
        // Locked and read again: it was read before the lock, and a registration holding the lock may have made it ready
        // since (a late part arriving with the whole video's registration must not make the item processing again).
        MediaRecord.getEntityManager().refresh(existing, LockModeType.PESSIMISTIC_WRITE);
        MediaRecord record = existing;
        if (command.kind() != MediaKind.VIDEO || !record.ownerId.equals(command.ownerId()) || command.files() == null) {
            throw ApiException.invalid("id", "media " + record.id + " is another item");
        }
        if (!MediaRecord.PROCESSING.equals(record.status)) {
            return urls.item(record);
        }
        List<MediaFile> kept = new ArrayList<>(MediaFile.of(record.id));
        Set<String> names = kept.stream().map(f -> f.name).collect(Collectors.toSet());
        long total = (record.totalBytes == null ? 0 : record.totalBytes) + copy(record, command, null, null, names, kept);
        if (!command.partial() && record.provenance == null) { // the video is whole: its main file's credentials are read once
            Provenances.keep(record, provenances.readStored(record.objectKey, record.mime));
        }
        return keeper.keep(record, command.isPublic(), command.retentionDays(), total, kept, command.partial());
    }

    /**
     * Copies the command's files not named in {@code skip} into the media bucket under the item's keys, adding a video's to
     * {@code further}; returns their bytes. {@code primary} is the item's main file (null when it is already kept). The
     * copies from staging run at once (a video's ladder, playlist, segments and stills are a dozen objects or more).
     */
    private long copy(MediaRecord record, RegisterMedia command, VideoWork.StagedFile primary, byte[] inline, Set<String> skip,
                      List<MediaFile> further) {
        List<VideoWork.StagedFile> files = new ArrayList<>();
        for (VideoWork.StagedFile file : command.files()) {
            if (!NAME.matcher(file.name()).matches()) {
                throw ApiException.invalid("files", "bad file name " + file.name());
            }
            if (!skip.contains(file.name())) {
                files.add(file);
            }
        }
        List<String> keys = files.stream().map(f -> f == primary ? record.objectKey : "media/" + record.id + "/" + f.name()).toList();
        List<String> etags = Copies.all(files.size(), i -> {
            VideoWork.StagedFile file = files.get(i);
            return file.key() == null ? written(file, file == primary, inline, keys.get(i))
                    : store.copyIn(command.stagingBucket(), file.key(), keys.get(i), file.mime());
        });
        long total = 0;
        for (int i = 0; i < files.size(); i++) {
            VideoWork.StagedFile file = files.get(i);
            total += file.bytes();
            if (file == primary) {
                record.etag = etags.get(i);
                record.bytes = file.bytes();
            }
            if (command.kind() == MediaKind.VIDEO) {
                further.add(file(record, file, keys.get(i), etags.get(i)));
            }
        }
        return total;
    }

    /** Writes the file sent inline: only the primary comes so, and its bytes must be what it declares. */
    private String written(VideoWork.StagedFile file, boolean isPrimary, byte[] inline, String key) {
        if (!isPrimary || inline == null) {
            throw ApiException.invalid("files", "file " + file.name() + " has no staging key and is not sent with the registration");
        }
        if (inline.length != file.bytes() || !ContentSniffer.result(inline).map(file.mime()::equals).orElse(false)) {
            throw ApiException.invalid("files", "the file sent is not the " + file.bytes() + " bytes of " + file.mime() + " declared");
        }
        return store.put(key, file.mime(), inline);
    }

    /** The primary file: an image for an image, an MP4 for a video. */
    private static VideoWork.StagedFile primary(RegisterMedia command) {
        if (command.kind() == null || command.files() == null || command.files().isEmpty()) {
            throw ApiException.invalid("files", "kind and files are required");
        }
        VideoWork.StagedFile primary = command.files().stream().filter(f -> f.name().equals(command.primary())).findFirst()
                .orElseThrow(() -> ApiException.invalid("primary", "primary must name one of the files"));
        boolean video = command.kind() == MediaKind.VIDEO;
        if (video ? !"video/mp4".equals(primary.mime()) : !IMAGE_TYPES.contains(primary.mime())) {
            throw ApiException.invalid("primary", "primary must be " + (video ? "an MP4" : "a PNG, JPEG, WebP, GIF or SVG image"));
        }
        return primary;
    }

    private static MediaFile file(MediaRecord record, VideoWork.StagedFile staged, String key, String etag) {
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
        return file;
    }

    /** The ids an edit's result names as its sources, checked, as stored; null when none. */
    private static String sources(List<String> sources) {
        if (sources == null || sources.isEmpty()) {
            return null;
        }
        if (sources.size() > 17 || sources.stream().anyMatch(s -> s == null || !ID.matcher(s).matches())) {
            throw ApiException.invalid("sources", "sources must be at most 17 media ids");
        }
        return String.join(",", sources);
    }

    /** The record already kept under {@code id} (a repeated request), or null; a malformed id is refused. */
    private static MediaRecord existing(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw ApiException.invalid("id", "id must look like med_<alphanumerics>");
        }
        return MediaRecord.findById(id);
    }
}
