package io.mediagate.media.batchfiles;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.FilesApi;
import io.mediagate.media.records.BatchFileRecord;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.regex.Pattern;

/**
 * {@link FilesApi#OUTPUT}: a batch's output or error file, written by routing (as a service) for the batch's owner,
 * {@code purpose: batch_output}, kept as long as its batch asked ({@code expires_after}, seconds) or any batch file.
 * Idempotent on the id routing chooses: a second write after a crash answers the file
 * the first kept.
 */
@Path(FilesApi.OUTPUT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.SERVICE)
public class OutputFilesResource {
    private static final Pattern ID = Pattern.compile("file_[a-f0-9]{32}");
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private final FileKeeper keeper;

    OutputFilesResource(FileKeeper keeper) {
        this.keeper = keeper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    public FileObject create(@QueryParam("id") String id, @QueryParam("owner") String owner, @QueryParam("filename") String filename,
                             @QueryParam("lines") Integer lines, @QueryParam("expires_after") Long expiresAfter, InputStream body) {
        if (id == null || !ID.matcher(id).matches() || owner == null || !OWNER.matcher(owner).matches() || filename == null
                || filename.isBlank() || filename.length() > FilesApi.MAX_FILENAME || lines == null || lines < 1) {
            throw ApiException.invalid(null, "an output file needs its id, owner, filename and lines");
        }
        BatchFileRecord kept = QuarkusTransaction.requiringNew().call(() -> BatchFileRecord.<BatchFileRecord>findById(id));
        if (kept != null) {
            return FileObject.of(kept);
        }
        return FileObject.of(keeper.keep(new FileKeeper.Keep(id, owner, FilesApi.PURPOSE_OUTPUT, filename, lines,
                FilesApi.lifetime(expiresAfter, "expires_after"), null), body));
    }
}
