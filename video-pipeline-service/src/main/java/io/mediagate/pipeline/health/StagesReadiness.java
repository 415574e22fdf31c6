package io.mediagate.pipeline.health;

import io.mediagate.pipeline.worker.Workers;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready while every stage this process runs is consuming. */
@Readiness
@ApplicationScoped
public class StagesReadiness implements HealthCheck {
    private final Workers workers;

    StagesReadiness(Workers workers) {
        this.workers = workers;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named("stages");
        boolean up = !workers.states().isEmpty();
        for (var entry : workers.states().entrySet()) {
            builder.withData(entry.getKey(), entry.getValue());
            up &= "running".equals(entry.getValue());
        }
        return builder.status(up).build();
    }
}
