package io.mediagate.media.files;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.MediaApi;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.storage.ObjectStore;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code GET /internal/v1/media/{id}/content}: a media item's main file for the user in the token (their
 * own, or anyone's public one), used when a generation takes an existing item as its source.
 */
@Path(MediaApi.ROOT + "/" + MediaApi.CONTENT)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class ContentResource {
    private final ObjectStore store;
    private final JsonWebToken caller;

    ContentResource(ObjectStore store, JsonWebToken caller) {
        this.store = store;
        this.caller = caller;
    }

    @GET
    public Response content(@PathParam("id") String id) {
        MediaRecord record = MediaRecord.findById(id);
        boolean visible = record != null && "ready".equals(record.status)
                && (record.isPublic || record.ownerId.equals(caller.getSubject()));
        if (!visible) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no media " + id);
        }
        return Response.ok(store.open(record.objectKey, null, null)
                        .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "no media " + id)))
                .type(record.mime).header("Content-Length", record.bytes).build();
    }
}
