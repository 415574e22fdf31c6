package io.mediagate.gateway.batchfiles;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.media.FilesApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.Owners;
import io.mediagate.gateway.images.ImageForm;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

/**
 * OpenAI's Files API for batch files ({@code client.files.*}): an upload is checked here (its form, then its lines,
 * read from the disk the server wrote it to) and streamed on to media-service, which keeps it; the reads are relayed
 * to media-service as the caller, a file's content passed on as it arrives. Answers are OpenAI's objects.
 */
@Tag(name = "Files")
@Path(FilesApi.ROOT)
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class BatchFilesResource {
    /** Long enough to stream the largest file to media-service and into the store. */
    private static final Duration UPLOAD = Duration.ofMinutes(5);
    private final Forwarder forwarder;
    private final Owners owners;
    private final SecurityIdentity identity;
    private final JsonlCheck check;

    BatchFilesResource(Forwarder forwarder, Owners owners, SecurityIdentity identity, ObjectMapper json) {
        this.forwarder = forwarder;
        this.owners = owners;
        this.identity = identity;
        this.check = new JsonlCheck(json);
    }

    @Operation(summary = "Upload a batch input file (multipart: file, purpose=batch, expires_after)")
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Blocking
    public Uni<Response> upload(MultipartFormDataInput form, @Context ContainerRequestContext ctx) {
        FileUpload upload = FileUpload.read(form);
        HttpRequest.BodyPublisher body;
        int requests;
        try {
            if (upload.file().isInMemory()) { // a small file the server kept in memory
                byte[] bytes;
                try (InputStream in = upload.file().getInputStream()) {
                    bytes = in.readAllBytes();
                }
                requests = check.requests(new ByteArrayInputStream(bytes));
                body = HttpRequest.BodyPublishers.ofByteArray(bytes);
            } else {
                try (InputStream in = upload.file().getInputStream()) {
                    requests = check.requests(in);
                }
                body = HttpRequest.BodyPublishers.ofFile(upload.file().getFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String target = owners.media() + FilesApi.ROOT + "?purpose=" + FilesApi.PURPOSE_BATCH + "&lines=" + requests
                + "&filename=" + URLEncoder.encode(upload.filename(), StandardCharsets.UTF_8)
                + (upload.expiresAfterSeconds() == null ? "" : "&expires_after=" + upload.expiresAfterSeconds());
        return forwarder.forward("POST", target, Caller.of(identity), Forwarder.requestId(ctx), Map.of(), body,
                MediaType.APPLICATION_OCTET_STREAM, UPLOAD);
    }

    /** A form the server could not parse is the request's fault. */
    @ServerExceptionMapper
    public Response malformedForm(IOException e) {
        return ImageForm.malformed();
    }

    @Operation(summary = "List your files (after, limit 1-10000, order asc|desc, purpose)")
    @GET
    public Uni<Response> list(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("GET", uri, ctx);
    }

    @Operation(summary = "Read a file's object")
    @GET
    @Path("{id}")
    public Uni<Response> get(@PathParam("id") String id, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("GET", uri, ctx);
    }

    @Operation(summary = "Read a file's bytes")
    @GET
    @Path("{id}/content")
    @Produces(MediaType.WILDCARD)
    @Blocking
    public Response content(@PathParam("id") String id, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return forwarder.stream(owners.media() + uri.getRequestUri().getRawPath(), Caller.of(identity), Forwarder.requestId(ctx), Map.of());
    }

    @Operation(summary = "Delete a file")
    @DELETE
    @Path("{id}")
    public Uni<Response> delete(@PathParam("id") String id, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("DELETE", uri, ctx);
    }

    private Uni<Response> relay(String method, UriInfo uri, ContainerRequestContext ctx) {
        return forwarder.relay(method, owners.media(), uri, ctx, Caller.of(identity), null);
    }
}
