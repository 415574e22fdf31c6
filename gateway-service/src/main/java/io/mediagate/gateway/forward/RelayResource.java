package io.mediagate.gateway.forward;

import io.mediagate.gateway.auth.Caller;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The endpoints the gateway relays to the service that owns them once the caller is authenticated and
 * counted: reads, media changes and uploads (media-service); jobs have their own resource. The owner gets a
 * short-lived internal token for the caller and the request's path, query and JSON body as they came.
 */
@Path("/v1")
@Authenticated
public class RelayResource {
    private final Forwarder forwarder;
    private final Owners owners;
    private final SecurityIdentity identity;

    RelayResource(Forwarder forwarder, Owners owners, SecurityIdentity identity) {
        this.forwarder = forwarder;
        this.owners = owners;
        this.identity = identity;
    }

    @Operation(summary = "List your media and public media")
    @Tag(name = "Media")
    @GET
    @Path("media")
    public Uni<Response> media(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.media(), uri, ctx);
    }

    @Operation(summary = "Read a media item")
    @Tag(name = "Media")
    @GET
    @Path("media/{id}")
    public Uni<Response> mediaItem(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.media(), uri, ctx);
    }

    @Operation(summary = "Read a media item's Content Credentials (C2PA), validated: every manifest, the validation results and state")
    @Tag(name = "Media")
    @GET
    @Path("media/{id}/provenance")
    public Uni<Response> mediaProvenance(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.media(), uri, ctx);
    }

    @Operation(summary = "List models with their offers and prices")
    @Tag(name = "Catalog")
    @GET
    @Path("models")
    public Uni<Response> models(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.catalog(), uri, ctx);
    }

    @Operation(summary = "Read a model (id raw or URL-encoded, optional :version)")
    @Tag(name = "Catalog")
    @GET
    @Path("models/{id: .+}")
    public Uni<Response> model(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.catalog(), uri, ctx);
    }

    @Operation(summary = "List providers with status and health")
    @Tag(name = "Catalog")
    @GET
    @Path("providers")
    public Uni<Response> providers(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.catalog(), uri, ctx);
    }

    @Operation(summary = "Read a provider")
    @Tag(name = "Catalog")
    @GET
    @Path("providers/{id}")
    public Uni<Response> provider(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return to(owners.catalog(), uri, ctx);
    }

    /** Starts an upload: a presigned URL for the bytes, and the pending item's id. */
    @Operation(summary = "Declare an upload and get its signed PUT address")
    @Tag(name = "Media")
    @POST
    @Path("media/upload")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> startUpload(String body, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("POST", owners.media(), uri, ctx, body);
    }

    /** Completes an upload once the bytes are in. */
    @Operation(summary = "Complete an upload once its bytes are in")
    @Tag(name = "Media")
    @POST
    @Path("media/{id}")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> completeUpload(String body, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("POST", owners.media(), uri, ctx, body);
    }

    /** Changes visibility or retention of one's own media item. */
    @Operation(summary = "Change visibility or extend retention of your item")
    @Tag(name = "Media")
    @PATCH
    @Path("media/{id}")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> changeMedia(String body, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("PATCH", owners.media(), uri, ctx, body);
    }

    /** Deletes one's own media item and its files. */
    @Operation(summary = "Delete your item and its files, or cancel a pending upload")
    @Tag(name = "Media")
    @DELETE
    @Path("media/{id}")
    public Uni<Response> deleteMedia(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("DELETE", owners.media(), uri, ctx, null);
    }

    private Uni<Response> to(String base, UriInfo uri, ContainerRequestContext ctx) {
        return relay("GET", base, uri, ctx, null);
    }

    private Uni<Response> relay(String method, String base, UriInfo uri, ContainerRequestContext ctx, String body) {
        return forwarder.relay(method, base, uri, ctx, Caller.of(identity), body == null ? null : body.isBlank() ? "{}" : body);
    }
}
