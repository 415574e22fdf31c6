package io.mediagate.common.catalog;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** catalog-service's internal API as a REST Client interface; {@link CatalogApiClient} calls through it. */
public interface CatalogRestClient {
    @GET
    @Path(CatalogApi.ROOT + "/" + CatalogApi.MODEL)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<ResolvedModel> resolve(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String modelId);

    @GET
    @Path(CatalogApi.LIFECYCLES)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<List<ModelLifecycle>> lifecycles(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer);
}
