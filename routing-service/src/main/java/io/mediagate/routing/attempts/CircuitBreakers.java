package io.mediagate.routing.attempts;

import io.mediagate.routing.support.RoutingConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One circuit per provider: CLOSED until {@code threshold} consecutive failures, then OPEN (skipped by
 * routing) for {@code openFor}, then HALF_OPEN: one trial call; its success closes the circuit, its
 * failure opens it again.
 */
@ApplicationScoped
public class CircuitBreakers {
    public enum State { CLOSED, OPEN, HALF_OPEN }

    private static final class Circuit {
        State state = State.CLOSED;
        int failures;
        Instant openedAt;
        boolean trialInFlight;
    }

    private final Map<String, Circuit> circuits = new ConcurrentHashMap<>();
    private final Clock clock;
    private final int threshold;
    private final Duration openFor;

    @Inject
    CircuitBreakers(Clock clock, RoutingConfig config) {
        this(clock, config.breakerFailureThreshold(), config.breakerOpenFor());
    }

    CircuitBreakers(Clock clock, int threshold, Duration openFor) {
        this.clock = clock;
        this.threshold = threshold;
        this.openFor = openFor;
    }

    /** The state now (an open circuit whose time is up reads as half-open). */
    public State state(String provider) {
        Circuit c = circuits.get(provider);
        if (c == null) {
            return State.CLOSED;
        }
        synchronized (c) {
            return current(c);
        }
    }

    /** May a call go to this provider now? In half-open, only one trial call is let through. */
    public boolean tryAcquire(String provider) {
        Circuit c = circuits.computeIfAbsent(provider, p -> new Circuit());
        synchronized (c) {
            return switch (current(c)) {
                case CLOSED -> true;
                case OPEN -> false;
                case HALF_OPEN -> {
                    if (c.trialInFlight) {
                        yield false;
                    }
                    c.state = State.HALF_OPEN;
                    c.trialInFlight = true;
                    yield true;
                }
            };
        }
    }

    public void success(String provider) {
        Circuit c = circuits.computeIfAbsent(provider, p -> new Circuit());
        synchronized (c) {
            c.state = State.CLOSED;
            c.failures = 0;
            c.trialInFlight = false;
        }
    }

    /** A granted call that was never made: free the half-open trial without judging the provider. */
    public void release(String provider) {
        Circuit c = circuits.get(provider);
        if (c != null) {
            synchronized (c) {
                c.trialInFlight = false;
            }
        }
    }

    public void failure(String provider) {
        Circuit c = circuits.computeIfAbsent(provider, p -> new Circuit());
        synchronized (c) {
            c.failures++;
            if (c.state == State.HALF_OPEN || c.failures >= threshold) {
                c.state = State.OPEN;
                c.openedAt = clock.instant();
                c.trialInFlight = false;
            }
        }
    }

    private State current(Circuit c) {
        if (c.state == State.OPEN && !clock.instant().isBefore(c.openedAt.plus(openFor))) {
            return State.HALF_OPEN;
        }
        return c.state;
    }
}
