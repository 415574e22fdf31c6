package io.mediagate.routing.attempts;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Wires the attempt runner with real waiting. */
public class AttemptRunnerProducer {
    @Produces
    @Singleton
    AttemptRunner runner(RoutingConfig config, CircuitBreakers breakers, Clock clock) {
        return new AttemptRunner(config, breakers, clock, Pause.REAL);
    }
}
