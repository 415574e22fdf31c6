package io.mediagate.routing.attempts;

import io.mediagate.routing.support.Pause;
import io.mediagate.routing.support.RoutingConfig;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Wires the attempt runner with real waiting and its metrics. */
public class AttemptRunnerProducer {
    @Produces
    @Singleton
    AttemptRunner runner(RoutingConfig config, CircuitBreakers breakers, Clock clock, MeterRegistry registry) {
        return new AttemptRunner(config, breakers, clock, Pause.REAL, new ProviderMetrics(registry));
    }
}
