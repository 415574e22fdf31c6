package io.mediagate.routing.attempts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CircuitBreakersTest {
    /** A clock the test moves by hand. */
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-01T00:00:00Z"));
    private final CircuitBreakers breakers = new CircuitBreakers(clock, 3, Duration.ofSeconds(30));

    @Test
    void opensAfterConsecutiveFailuresAndASuccessResetsTheCount() {
        breakers.failure("p");
        breakers.failure("p");
        breakers.success("p");
        breakers.failure("p");
        breakers.failure("p");
        assertEquals(CircuitBreakers.State.CLOSED, breakers.state("p"));
        breakers.failure("p");
        assertEquals(CircuitBreakers.State.OPEN, breakers.state("p"));
        assertFalse(breakers.tryAcquire("p"));
    }

    @Test
    void halfOpenLetsOneTrialThroughAndItsOutcomeDecides() {
        for (int i = 0; i < 3; i++) {
            breakers.failure("p");
        }
        clock.advance(Duration.ofSeconds(30));
        assertEquals(CircuitBreakers.State.HALF_OPEN, breakers.state("p"));
        assertTrue(breakers.tryAcquire("p"));
        assertFalse(breakers.tryAcquire("p"), "only one trial at a time");
        breakers.failure("p");
        assertEquals(CircuitBreakers.State.OPEN, breakers.state("p"));
        clock.advance(Duration.ofSeconds(31));
        assertTrue(breakers.tryAcquire("p"));
        breakers.success("p");
        assertEquals(CircuitBreakers.State.CLOSED, breakers.state("p"));
        assertTrue(breakers.tryAcquire("p"));
    }

    @Test
    void providersHaveSeparateCircuits() {
        for (int i = 0; i < 3; i++) {
            breakers.failure("bad");
        }
        assertTrue(breakers.tryAcquire("good"));
        assertFalse(breakers.tryAcquire("bad"));
    }
}
