package io.mediagate.catalog.catalog;

import io.mediagate.catalog.health.ProviderHealthBoard;
import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Service-only view used by routing: a model with its offers and their providers' adapter settings. */
@Path(CatalogApi.ROOT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.SERVICE)
public class InternalCatalogResource {
    private final Catalog catalog;
    private final ProviderHealthBoard health;
    private final Retirements retirements;

    InternalCatalogResource(Catalog catalog, ProviderHealthBoard health, Retirements retirements) {
        this.catalog = catalog;
        this.health = health;
        this.retirements = retirements;
    }

    @GET
    @Path(CatalogApi.MODEL)
    public ResolvedModel resolve(@PathParam("id") String id) {
        ModelSpec model = catalog.model(id).orElseThrow(() ->
                new ApiException(ErrorCode.MODEL_NOT_FOUND, "unknown model " + id, "model"));
        List<ProviderSpec> providers = model.offers().stream()
                .map(o -> catalog.provider(o.provider()).orElseThrow())
                .distinct()
                .toList();
        Map<String, HealthSnapshot> snapshots = providers.stream()
                .collect(Collectors.toMap(ProviderSpec::id, health::of));
        Map<String, Retirement> retired = new java.util.HashMap<>();
        model.offers().forEach(o -> retirements.of(model.id(), o.provider()).ifPresent(r -> retired.putIfAbsent(o.provider(), r)));
        return new ResolvedModel(model, providers, catalog.providers().stream().map(ProviderSpec::id).toList(), snapshots, retired);
    }
}
