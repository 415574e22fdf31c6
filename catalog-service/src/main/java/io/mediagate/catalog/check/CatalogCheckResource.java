package io.mediagate.catalog.check;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** {@code POST /v1/admin/catalog/check}: runs the catalog check now and answers its report (administrator only). */
@Path("/v1/admin/catalog/check")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.ADMIN)
public class CatalogCheckResource {
    private final CatalogCheck check;

    CatalogCheckResource(CatalogCheck check) {
        this.check = check;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public Envelope<Map<String, Object>> run() {
        CatalogCheck.Report report = check.run();
        return Envelope.of(Map.of("checkedAt", report.checkedAt(), "providers", report.providers(), "findings", report.findings()));
    }
}
