package io.mediagate.common.media;

import io.mediagate.common.calls.WithFile;
import io.mediagate.common.events.MediaItem;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** media-service's internal API as a REST Client interface; {@link MediaApiClient} calls through it. */
public interface MediaRestClient {
    @POST
    @Path(MediaApi.ROOT + "/" + MediaApi.REGISTER)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<MediaItem> register(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, RegisterMedia command);

    @POST
    @Path(MediaApi.ROOT + "/" + MediaApi.REGISTER)
    @Consumes(RegisterMedia.WITH_FILE)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<MediaItem> register(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, WithFile command);

    @GET
    @Path(MediaApi.ROOT + "/" + MediaApi.CONTENT)
    @Produces(MediaType.WILDCARD)
    Uni<byte[]> content(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);

    @GET
    @Path(MediaApi.ITEMS + "/" + MediaApi.ITEM)
    @Produces(MediaType.WILDCARD)
    Uni<byte[]> item(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);

    @POST
    @Path(MediaApi.ROOT + "/" + MediaApi.REUSE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<MediaItem> reuse(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id, ReuseMedia command);

    @DELETE
    @Path(MediaApi.ROOT + "/" + MediaApi.UNFINISHED)
    @Produces(MediaType.WILDCARD)
    Uni<byte[]> discard(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);

    @DELETE
    @Path(MediaApi.ITEMS + "/" + MediaApi.ITEM)
    @Produces(MediaType.WILDCARD)
    Uni<byte[]> delete(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);
}
