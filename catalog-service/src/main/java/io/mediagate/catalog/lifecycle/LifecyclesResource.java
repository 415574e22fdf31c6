package io.mediagate.catalog.lifecycle;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * Service-only: every model whose lifecycle is announced as a whole ({@link CatalogApi#lifecycles}), which routing reads to
 * tell the accounts that used one that it is deprecated, then retired.
 */
@Path(CatalogApi.LIFECYCLES)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.SERVICE)
public class LifecyclesResource {
    private final Catalog catalog;

    LifecyclesResource(Catalog catalog) {
        this.catalog = catalog;
    }

    @GET
    public List<ModelLifecycle> lifecycles() {
        return catalog.models().stream().filter(m -> m.overallLifecycle() != null)
                .map(m -> new ModelLifecycle(m.id(), m.displayName(), m.overallLifecycle())).toList();
    }
}
