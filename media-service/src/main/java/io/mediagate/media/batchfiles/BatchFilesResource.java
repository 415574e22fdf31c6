package io.mediagate.media.batchfiles;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.FilesApi;
import io.mediagate.common.tier.Tier;
import io.mediagate.media.records.BatchFileRecord;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The Files API's files ({@code /v1/files}, forwarded by the gateway as the caller): kept in the media bucket under
 * {@code files/}, each its owner's alone (another's file is 404), counted against the storage quota as media are, and
 * removed with its bytes when deleted or when it expires. The gateway has checked an upload's form and its lines
 * before it streams the bytes here; this service checks what it is told once more and keeps the file.
 */
@Path(FilesApi.ROOT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class BatchFilesResource {
    private static final Pattern ID = Pattern.compile("file_[a-f0-9]{32}");
    private final JsonWebToken caller;
    private final ObjectStore store;
    private final Clock clock;
    private final FileKeeper keeper;

    BatchFilesResource(JsonWebToken caller, ObjectStore store, Clock clock, FileKeeper keeper) {
        this.caller = caller;
        this.store = store;
        this.clock = clock;
        this.keeper = keeper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    public Response create(@QueryParam("purpose") String purpose, @QueryParam("filename") String filename,
                           @QueryParam("lines") Integer lines, @QueryParam("expires_after") Long expiresAfter, InputStream body) {
        if (!FilesApi.PURPOSE_BATCH.equals(purpose)) {
            throw ApiException.invalid("purpose", "purpose must be batch");
        }
        if (filename == null || filename.isBlank() || filename.length() > FilesApi.MAX_FILENAME) {
            throw ApiException.invalid("file", "the file needs a name of at most " + FilesApi.MAX_FILENAME + " characters");
        }
        if (lines == null || lines < 1 || lines > FilesApi.MAX_LINES) {
            throw ApiException.invalid("file", "a batch file holds 1 to " + FilesApi.MAX_LINES + " lines");
        }
        Duration lifetime = FilesApi.lifetime(expiresAfter);
        Tier.Limits limits = Tier.limitsOf(caller.getClaim(InternalToken.TIER_CLAIM));
        String id = "file_" + UUID.randomUUID().toString().replace("-", "");
        BatchFileRecord file = keeper.keep(new FileKeeper.Keep(id, caller.getSubject(), purpose, filename, lines, lifetime, limits), body);
        return Response.ok(FileObject.of(file)).build();
    }

    @GET
    public FileObject.Page list(@QueryParam("after") String after, @QueryParam("limit") Integer limit,
                                @QueryParam("order") String order, @QueryParam("purpose") String purpose) {
        int size = limit == null ? FilesApi.MAX_PAGE : limit;
        if (size < 1 || size > FilesApi.MAX_PAGE) {
            throw ApiException.invalid("limit", "limit must be 1 to " + FilesApi.MAX_PAGE);
        }
        boolean ascending = "asc".equals(order);
        if (order != null && !ascending && !"desc".equals(order)) {
            throw ApiException.invalid("order", "order must be asc or desc");
        }
        List<BatchFileRecord> rows = QuarkusTransaction.requiringNew().call(() ->
                BatchFileListing.page(caller.getSubject(), purpose, after, size + 1, ascending, clock.instant()));
        boolean more = rows.size() > size;
        List<FileObject> data = rows.stream().limit(size).map(FileObject::of).toList();
        return new FileObject.Page("list", data, data.isEmpty() ? null : data.getFirst().id(),
                data.isEmpty() ? null : data.getLast().id(), more);
    }

    @GET
    @Path("{id}")
    public FileObject get(@PathParam("id") String id) {
        return FileObject.of(owned(id));
    }

    @GET
    @Path("{id}/content")
    @Produces(MediaType.WILDCARD)
    public Response content(@PathParam("id") String id) {
        BatchFileRecord file = owned(id);
        InputStream in = store.open(file.objectKey, null, null).orElseThrow(() -> gone(id));
        return Response.ok(in).type(FilesApi.JSONL).header("Content-Length", file.bytes)
                .header("Content-Disposition", "attachment; filename=\"" + file.filename.replaceAll("[^A-Za-z0-9._-]", "_") + "\"")
                .build();
    }

    @DELETE
    @Path("{id}")
    public FileObject.Deleted delete(@PathParam("id") String id) {
        BatchFileRecord file = owned(id);
        if (!remove(file.id)) {
            throw gone(id);
        }
        store.delete(file.objectKey);
        return new FileObject.Deleted(id, "file", true);
    }

    /** Removes the row (once: a second deleter finds nothing); true when this call removed it. */
    static boolean remove(String id) {
        return QuarkusTransaction.requiringNew().call(() -> BatchFileRecord.delete("id", id) == 1);
    }

    private BatchFileRecord owned(String id) {
        BatchFileRecord file = ID.matcher(id).matches()
                ? QuarkusTransaction.requiringNew().call(() -> BatchFileRecord.<BatchFileRecord>findById(id)) : null;
        if (file == null || !file.ownerId.equals(caller.getSubject()) || !file.live(clock.instant())) {
            throw gone(id);
        }
        return file;
    }

    private static ApiException gone(String id) {
        return new ApiException(ErrorCode.NOT_FOUND, "no file " + id);
    }
}
