package io.mediagate.catalog.providers;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.health.ProviderHealthBoard;
import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/** {@code GET /v1/providers} and {@code GET /v1/providers/{id}} (id or slug, any case). */
@Path("/v1/providers")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class ProvidersResource {
    private final Catalog catalog;
    private final ProviderHealthBoard health;
    private final Retirements retirements;

    ProvidersResource(Catalog catalog, ProviderHealthBoard health, Retirements retirements) {
        this.catalog = catalog;
        this.health = health;
        this.retirements = retirements;
    }

    @GET
    public Envelope<Map<String, Object>> list(@QueryParam("limit") String limit, @QueryParam("page") String page) {
        Page p = Page.parse(limit, page);
        List<ProviderSpec> all = catalog.providers();
        List<ProviderView> providers = all.stream().skip(p.offset()).limit(p.limit()).map(this::view).toList();
        return Envelope.of(Map.of("total", all.size(), "providers", providers));
    }

    @GET
    @Path("{id}")
    public Envelope<Map<String, Object>> get(@PathParam("id") String id) {
        ProviderSpec provider = catalog.provider(id).orElseThrow(() ->
                new ApiException(ErrorCode.PROVIDER_NOT_FOUND, "unknown provider " + id));
        return Envelope.of(Map.of("provider", view(provider)));
    }

    private ProviderView view(ProviderSpec p) {
        return ProviderView.of(p, catalog.modelsOf(p.id()).stream().map(ModelSpec::id).toList(), health.of(p),
                retirements.ofProvider(p.id()));
    }
}
