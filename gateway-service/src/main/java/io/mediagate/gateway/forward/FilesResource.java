package io.mediagate.gateway.forward;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /files/{name}} and {@code /files/{id}/{name}}: public media files, relayed from media-service without a key (these are the
 * CDN-style URLs in media items; a CDN can sit in front). Range and conditional headers pass through. The file is passed
 * on as it arrives ({@link Forwarder#stream}), never held whole: a video is hundreds of megabytes, and many readers of one
 * at once must not fill the gateway's memory. Blocking: the body is copied out on a worker thread.
 */
@Tag(name = "Files")
@Path("/files")
public class FilesResource {
    private static final Pattern NAME = Pattern.compile("med_[A-Za-z0-9]{8,60}\\.[a-z0-9]{2,5}");
    private static final Pattern ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");
    private static final Pattern PART = Pattern.compile("[a-z0-9_]{1,40}(/[a-z0-9_]{1,40})?\\.[a-z0-9]{2,5}");
    private final Forwarder forwarder;
    private final Owners owners;

    FilesResource(Forwarder forwarder, Owners owners) {
        this.forwarder = forwarder;
        this.owners = owners;
    }

    @Operation(summary = "A media item's main file (public, or at its signed address)")
    @GET
    @Path("{name}")
    @Blocking
    public Response file(@PathParam("name") String name, @HeaderParam("Range") String range,
                         @HeaderParam("If-None-Match") String ifNoneMatch, @Context ContainerRequestContext ctx) {
        if (!NAME.matcher(name).matches()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return relay(name, range, ifNoneMatch, ctx);
    }

    /** A video's further files: renditions, HLS playlist and segments, thumbnail, preview. */
    @Operation(summary = "One of a media item's further files: variants, thumbnail, preview, HLS segments")
    @GET
    @Path("{id}/{name: .+}")
    @Blocking
    public Response part(@PathParam("id") String id, @PathParam("name") String name, @HeaderParam("Range") String range,
                         @HeaderParam("If-None-Match") String ifNoneMatch, @Context ContainerRequestContext ctx) {
        if (!ID.matcher(id).matches() || !PART.matcher(name).matches()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return relay(id + "/" + name, range, ifNoneMatch, ctx);
    }

    private Response relay(String name, String range, String ifNoneMatch, ContainerRequestContext ctx) {
        Map<String, String> headers = new HashMap<>();
        if (range != null) {
            headers.put("Range", range);
        }
        if (ifNoneMatch != null) {
            headers.put("If-None-Match", ifNoneMatch);
        }
        // A private file's signature travels in the query.
        String query = ctx.getUriInfo().getRequestUri().getRawQuery();
        return forwarder.stream(owners.media() + "/files/" + name + (query == null ? "" : "?" + query), null,
                Forwarder.requestId(ctx), headers);
    }
}
