package io.mediagate.media.storage;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the media bucket answers. */
@Readiness
@ApplicationScoped
public class ObjectStoreHealth implements HealthCheck {
    private final ObjectStore store;

    ObjectStoreHealth(ObjectStore store) {
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        try {
            store.check();
            return HealthCheckResponse.up("object-store");
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("object-store").down().withData("error", e.getClass().getSimpleName()).build();
        }
    }
}
