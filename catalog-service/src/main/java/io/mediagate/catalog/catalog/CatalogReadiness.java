package io.mediagate.catalog.catalog;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the catalog file is loaded (a bad file stops start-up, so this reports what was loaded). */
@Readiness
@ApplicationScoped
public class CatalogReadiness implements HealthCheck {
    private final Catalog catalog;

    CatalogReadiness(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("catalog").up()
                .withData("providers", catalog.providers().size())
                .withData("models", catalog.models().size())
                .build();
    }
}
