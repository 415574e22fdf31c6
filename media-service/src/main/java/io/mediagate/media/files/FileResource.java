package io.mediagate.media.files;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.storage.ObjectStore;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;

/**
 * Serves stored files at their CDN-style address {@code /files/{id}.{ext}} with {@code Content-Type},
 * {@code ETag} (and 304 on a match), single byte {@code Range}s (206/416) and a long-lived
 * {@code Cache-Control}: a file never changes under its name. Private media are not served here.
 */
@Path("/files")
public class FileResource {
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private final ObjectStore store;

    FileResource(ObjectStore store) {
        this.store = store;
    }

    @HEAD
    @Path("{name}")
    public Response head(@PathParam("name") String name) {
        MediaRecord record = find(name);
        return headers(Response.ok(), record).header("Content-Length", record.bytes).build();
    }

    @GET
    @Path("{name}")
    public Response get(@PathParam("name") String name, @HeaderParam("Range") String range,
                        @HeaderParam("If-None-Match") String ifNoneMatch) {
        MediaRecord record = find(name);
        String etag = "\"" + record.etag + "\"";
        if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.trim().equals("*"))) {
            return headers(Response.notModified(), record).build();
        }
        ByteRange r = ByteRange.parse(range, record.bytes);
        if (r == ByteRange.UNSATISFIABLE) {
            return Response.status(416).header("Content-Range", "bytes */" + record.bytes).build();
        }
        InputStream body = (r == null ? store.open(record.objectKey, null, null) : store.open(record.objectKey, r.first(), r.last()))
                .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "no such file"));
        if (r == null) {
            return headers(Response.ok(body), record).header("Content-Length", record.bytes).build();
        }
        return headers(Response.status(206).entity(body), record)
                .header("Content-Range", "bytes " + r.first() + "-" + r.last() + "/" + record.bytes)
                .header("Content-Length", r.length())
                .build();
    }

    private static Response.ResponseBuilder headers(Response.ResponseBuilder builder, MediaRecord record) {
        return builder.type(record.mime)
                .header("ETag", "\"" + record.etag + "\"")
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", IMMUTABLE);
    }

    private static MediaRecord find(String name) {
        int dot = name.lastIndexOf('.');
        String id = dot > 0 ? name.substring(0, dot) : name;
        MediaRecord record = MediaRecord.findById(id);
        if (record == null || !record.isPublic || !"ready".equals(record.status)
                || !record.objectKey.endsWith("/" + name)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return record;
    }
}
