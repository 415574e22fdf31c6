package io.mediagate.media.files;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.media.records.MediaFile;
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
 * Serves stored files at their CDN-style addresses, {@code /files/{id}.{ext}} (an item's main file) and
 * {@code /files/{id}/{name}} (a video's renditions, HLS playlist and segments, thumbnail, preview), with
 * {@code Content-Type}, {@code ETag} (and 304 on a match), single byte {@code Range}s (206/416) and a
 * long-lived {@code Cache-Control}: a file never changes under its name. Private media are not served here.
 */
@Path("/files")
public class FileResource {
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private final ObjectStore store;

    FileResource(ObjectStore store) {
        this.store = store;
    }

    /** What is served: one object and its type, tag and size. */
    record Served(String key, String mime, String etag, long bytes) {}

    @HEAD
    @Path("{name}")
    public Response head(@PathParam("name") String name) {
        Served file = main(name);
        return headers(Response.ok(), file).header("Content-Length", file.bytes()).build();
    }

    @GET
    @Path("{name}")
    public Response get(@PathParam("name") String name, @HeaderParam("Range") String range,
                        @HeaderParam("If-None-Match") String ifNoneMatch) {
        return serve(main(name), range, ifNoneMatch);
    }

    @HEAD
    @Path("{id}/{name: .+}")
    public Response headPart(@PathParam("id") String id, @PathParam("name") String name) {
        Served file = part(id, name);
        return headers(Response.ok(), file).header("Content-Length", file.bytes()).build();
    }

    @GET
    @Path("{id}/{name: .+}")
    public Response getPart(@PathParam("id") String id, @PathParam("name") String name, @HeaderParam("Range") String range,
                            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return serve(part(id, name), range, ifNoneMatch);
    }

    private Response serve(Served file, String range, String ifNoneMatch) {
        String etag = "\"" + file.etag() + "\"";
        if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.trim().equals("*"))) {
            return headers(Response.notModified(), file).build();
        }
        ByteRange r = ByteRange.parse(range, file.bytes());
        if (r == ByteRange.UNSATISFIABLE) {
            return Response.status(416).header("Content-Range", "bytes */" + file.bytes()).build();
        }
        InputStream body = (r == null ? store.open(file.key(), null, null) : store.open(file.key(), r.first(), r.last()))
                .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "no such file"));
        if (r == null) {
            return headers(Response.ok(body), file).header("Content-Length", file.bytes()).build();
        }
        return headers(Response.status(206).entity(body), file)
                .header("Content-Range", "bytes " + r.first() + "-" + r.last() + "/" + file.bytes())
                .header("Content-Length", r.length())
                .build();
    }

    private static Response.ResponseBuilder headers(Response.ResponseBuilder builder, Served file) {
        return builder.type(file.mime())
                .header("ETag", "\"" + file.etag() + "\"")
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", IMMUTABLE);
    }

    private static Served main(String name) {
        int dot = name.lastIndexOf('.');
        MediaRecord record = servable(dot > 0 ? name.substring(0, dot) : name);
        if (!record.objectKey.endsWith("/" + name)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return new Served(record.objectKey, record.mime, record.etag, record.bytes);
    }

    private static Served part(String id, String name) {
        servable(id);
        MediaFile.Key key = new MediaFile.Key();
        key.mediaId = id;
        key.name = name;
        MediaFile file = MediaFile.findById(key);
        if (file == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return new Served(file.objectKey, file.mime, file.etag, file.bytes);
    }

    private static MediaRecord servable(String id) {
        MediaRecord record = MediaRecord.findById(id);
        if (record == null || !record.isPublic || !"ready".equals(record.status)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return record;
    }
}
