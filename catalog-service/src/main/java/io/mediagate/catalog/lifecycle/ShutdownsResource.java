package io.mediagate.catalog.lifecycle;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/**
 * {@code GET /v1/admin/catalog/shutdowns} (administrator only): the models, and offers retired apart from their model, whose
 * provider shuts them within {@code days} (default 30), soonest first, so an operator can move callers before they get 410.
 */
@Path("/v1/admin/catalog/shutdowns")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.ADMIN)
public class ShutdownsResource {
    static final int DEFAULT_DAYS = 30;
    private final Catalog catalog;
    private final Clock clock;

    ShutdownsResource(Catalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    @GET
    public Envelope<Map<String, Object>> list(@QueryParam("days") String days) {
        int within = days(days);
        Instant now = clock.instant();
        return Envelope.of(Map.of("at", now, "days", within, "shutdowns", Shutdowns.ahead(catalog.models(), now, within)));
    }

    private static int days(String days) {
        if (days == null) {
            return DEFAULT_DAYS;
        }
        try {
            int n = Integer.parseInt(days);
            if (n >= 1 && n <= 365) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.invalid("days", "days must be a whole number from 1 to 365");
    }
}
