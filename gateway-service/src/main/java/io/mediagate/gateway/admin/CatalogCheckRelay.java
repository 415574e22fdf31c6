package io.mediagate.gateway.admin;

import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.Owners;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/admin/catalog/check}: the catalog check (catalog-service asks each provider that lists its models
 * whether every offered model still exists, retires the offers whose model is gone and reinstates those listed again,
 * and says what the file itself needs); {@code GET /v1/admin/catalog/shutdowns}: what shuts within 30 days.
 */
@Tag(name = "Admin")
@Path("/v1/admin/catalog")
@RolesAllowed(InternalToken.ADMIN)
public class CatalogCheckRelay {
    private final Forwarder forwarder;
    private final Owners owners;
    private final SecurityIdentity identity;

    CatalogCheckRelay(Forwarder forwarder, Owners owners, SecurityIdentity identity) {
        this.forwarder = forwarder;
        this.owners = owners;
        this.identity = identity;
    }

    @Operation(summary = "Check the catalog's offers against the providers' model listings")
    @POST
    @Path("check")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> check(@Context ContainerRequestContext ctx) {
        return forwarder.forward("POST", owners.catalog() + "/v1/admin/catalog/check", Caller.of(identity),
                String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of(), "{}");
    }

    @Operation(summary = "List the models and offers whose provider shuts them within 30 days (or ?days=)")
    @GET
    @Path("shutdowns")
    public Uni<Response> shutdowns(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        String query = uri.getRequestUri().getRawQuery();
        return forwarder.forward(owners.catalog() + "/v1/admin/catalog/shutdowns" + (query == null ? "" : "?" + query), Caller.of(identity),
                String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of());
    }
}
