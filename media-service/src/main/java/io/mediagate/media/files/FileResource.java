package io.mediagate.media.files;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.mediagate.media.records.UrlSigning;
import io.mediagate.media.storage.ObjectStore;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Serves stored files at their CDN-style addresses, {@code /files/{id}.{ext}} (an item's main file) and
 * {@code /files/{id}/{name}} (a video's renditions, HLS playlist and segments, thumbnail, preview), with
 * {@code Content-Type}, {@code ETag} (and 304 on a match), single byte {@code Range}s (206/416) and
 * {@code Cache-Control}, never to be sniffed as another type ({@code nosniff}); an SVG also carries a sandboxing
 * {@code Content-Security-Policy} ({@link #SVG_POLICY}). Public files may be cached by anyone for {@code mediagate.files.public-max-age} (5 minutes by
 * default), not for good: an item made private or deleted stops being served from caches within that time. Private files
 * are served only with a valid, unexpired signature ({@link UrlSigning}), cached privately until it
 * expires; a private HLS playlist is served with the signature added to each segment's address.
 */
@Path("/files")
public class FileResource {
    private static final String PLAYLIST = "application/vnd.apple.mpegurl";
    /**
     * An SVG is a document that could carry script, served from the API's own origin: opened on its own it runs
     * sandboxed (a unique origin, no script, no forms) and loads nothing; its inline styles still apply.
     */
    static final String SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'";
    private final ObjectStore store;
    private final UrlSigning signing;
    private final Clock clock;
    private final String publicCaching;

    FileResource(ObjectStore store, UrlSigning signing, Clock clock,
                 @ConfigProperty(name = "mediagate.files.public-max-age", defaultValue = "5m") Duration publicMaxAge) {
        this.store = store;
        this.signing = signing;
        this.clock = clock;
        this.publicCaching = "public, max-age=" + publicMaxAge.toSeconds();
    }

    /** What is served: one object, its type, tag and size, and how it may be cached. */
    record Served(String key, String mime, String etag, long bytes, String cacheControl, String signedQuery) {}

    /** The signature query parameters, when a private file is asked for. */
    record Signature(String expires, String signature) {}

    @HEAD
    @Path("{name}")
    public Response head(@PathParam("name") String name, @QueryParam("expires") String expires,
                         @QueryParam("signature") String signature) {
        Served file = main(name, new Signature(expires, signature));
        return headers(Response.ok(), file).header("Content-Length", file.bytes()).build();
    }

    @GET
    @Path("{name}")
    public Response get(@PathParam("name") String name, @HeaderParam("Range") String range,
                        @HeaderParam("If-None-Match") String ifNoneMatch, @QueryParam("expires") String expires,
                        @QueryParam("signature") String signature) {
        return serve(main(name, new Signature(expires, signature)), range, ifNoneMatch);
    }

    @HEAD
    @Path("{id}/{name: .+}")
    public Response headPart(@PathParam("id") String id, @PathParam("name") String name, @QueryParam("expires") String expires,
                             @QueryParam("signature") String signature) {
        Served file = part(id, name, new Signature(expires, signature));
        return headers(Response.ok(), file).header("Content-Length", file.bytes()).build();
    }

    @GET
    @Path("{id}/{name: .+}")
    public Response getPart(@PathParam("id") String id, @PathParam("name") String name, @HeaderParam("Range") String range,
                            @HeaderParam("If-None-Match") String ifNoneMatch, @QueryParam("expires") String expires,
                            @QueryParam("signature") String signature) {
        Served file = part(id, name, new Signature(expires, signature));
        if (file.signedQuery() != null && PLAYLIST.equals(file.mime())) {
            return signedPlaylist(file);
        }
        return serve(file, range, ifNoneMatch);
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

    /** A private playlist: each segment line gets the request's signature, so players can fetch them. */
    private Response signedPlaylist(Served file) {
        try (InputStream in = store.open(file.key(), null, null).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "no such file"))) {
            String playlist = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(line -> line.isBlank() || line.startsWith("#") ? line : line + "?" + file.signedQuery())
                    .collect(Collectors.joining("\n", "", "\n"));
            return Response.ok(playlist).type(PLAYLIST).header("Cache-Control", file.cacheControl()).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response.ResponseBuilder headers(Response.ResponseBuilder builder, Served file) {
        builder.type(file.mime())
                .header("ETag", "\"" + file.etag() + "\"")
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", file.cacheControl())
                .header("X-Content-Type-Options", "nosniff");
        if (ContentSniffer.SVG.equals(file.mime())) {
            builder.header("Content-Security-Policy", SVG_POLICY);
        }
        return builder;
    }

    private Served main(String name, Signature signature) {
        int dot = name.lastIndexOf('.');
        MediaRecord record = servable(dot > 0 ? name.substring(0, dot) : name, signature);
        // a reused result's file is stored under the item it was reused from: its address is its own
        if (!record.objectKey.endsWith("/" + name) && !(record.reusedFrom != null && name.equals(MediaUrls.fileName(record.id, record.mime)))) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return new Served(record.objectKey, record.mime, record.etag, record.bytes, cacheControl(record, signature),
                signedQuery(record, signature));
    }

    private Served part(String id, String name, Signature signature) {
        MediaRecord record = servable(id, signature);
        MediaFile.Key key = new MediaFile.Key();
        key.mediaId = id;
        key.name = name;
        MediaFile file = MediaFile.findById(key);
        if (file == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return new Served(file.objectKey, file.mime, file.etag, file.bytes, cacheControl(record, signature),
                signedQuery(record, signature));
    }

    /**
     * A ready item (or a video still being made, whose files kept so far are served) that is public, or private with a
     * valid signature; anything else is "no such file".
     */
    private MediaRecord servable(String id, Signature signature) {
        MediaRecord record = MediaRecord.findById(id);
        if (record == null || !"ready".equals(record.status) && !MediaRecord.PROCESSING.equals(record.status)
                || (!record.isPublic && !signing.valid(UrlSigning.scope(id), signature.expires(), signature.signature(),
                        clock.instant().getEpochSecond()))) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no such file");
        }
        return record;
    }

    private String cacheControl(MediaRecord record, Signature signature) {
        if (record.isPublic) {
            return publicCaching;
        }
        long left = Math.max(0, Long.parseLong(signature.expires()) - clock.instant().getEpochSecond());
        return "private, max-age=" + left;
    }

    private static String signedQuery(MediaRecord record, Signature signature) {
        return record.isPublic ? null : "expires=" + signature.expires() + "&signature=" + signature.signature();
    }
}
