package io.mediagate.catalog.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.events.FailureClass;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class HealthWindowTest {
    private final Instant now = Instant.parse("2026-11-01T12:00:00Z");
    private final Clock clock = Clock.fixed(now, ZoneOffset.UTC);

    @Test
    void withoutDataAProviderIsOperationalWithUnknownFigures() {
        HealthSnapshot s = new HealthWindow().snapshot(clock);
        assertEquals("operational", s.status());
        assertNull(s.successRate());
    }

    @Test
    void successRateAndMedianLatencyOfSuccessfulCalls() {
        HealthWindow w = new HealthWindow();
        w.record(now.minusSeconds(30), true, 100, null);
        w.record(now.minusSeconds(20), true, 300, null);
        w.record(now.minusSeconds(10), true, 200, null);
        w.record(now.minusSeconds(5), false, 5000, FailureClass.TRANSIENT);
        HealthSnapshot s = w.snapshot(clock);
        assertEquals(0.75, s.successRate());
        assertEquals(200, s.latencyP50Ms());
        assertEquals("degraded", s.status());
        assertEquals(now.minusSeconds(5), s.lastErrorAt());
        assertEquals("transient", s.lastErrorClass());
    }

    @Test
    void theSlowTailIsTheNinetyFifthPercentileOfSuccessfulCalls() {
        HealthWindow w = new HealthWindow();
        for (int i = 1; i <= 40; i++) {
            w.record(now.minusSeconds(60 - i), true, i * 100L, null);
        }
        w.record(now.minusSeconds(5), false, 90_000, FailureClass.TIMEOUT);
        HealthSnapshot s = w.snapshot(clock);
        assertEquals(2000, s.latencyP50Ms());
        // 38th of 40 by nearest rank; the failed call's 90 s is no time to a result
        assertEquals(3800, s.latencyP95Ms());
    }

    @Test
    void failuresAreCountedByClassAndTheLastOneNamed() {
        HealthWindow w = new HealthWindow();
        w.record(now.minusSeconds(40), false, 10, FailureClass.RATE_LIMITED);
        w.record(now.minusSeconds(30), false, 10, FailureClass.RATE_LIMITED);
        w.record(now.minusSeconds(20), true, 100, null);
        w.record(now.minusSeconds(10), false, 10, FailureClass.CREDENTIALS);
        HealthSnapshot s = w.snapshot(clock);
        assertEquals(java.util.Map.of("rate_limited", 2L, "credentials", 1L), s.failures());
        assertEquals("credentials", s.lastErrorClass());
    }

    @Test
    void fiveFailuresInARowIsDownAndRecoveryIsSeen() {
        HealthWindow w = new HealthWindow();
        for (int i = 0; i < 20; i++) {
            w.record(now.minusSeconds(100 - i), true, 100, null);
        }
        for (int i = 0; i < 5; i++) {
            w.record(now.minusSeconds(50 - i), false, 100, FailureClass.TRANSIENT);
        }
        assertEquals("down", w.snapshot(clock).status());
        w.record(now.minusSeconds(1), true, 100, null);
        assertEquals("degraded", w.snapshot(clock).status());
    }

    @Test
    void outcomesOlderThanTheWindowAreForgotten() {
        HealthWindow w = new HealthWindow();
        w.record(now.minus(Duration.ofMinutes(20)), false, 100, FailureClass.TRANSIENT);
        w.record(now.minusSeconds(10), true, 100, null);
        assertEquals(1.0, w.snapshot(clock).successRate());
        assertEquals("operational", w.snapshot(clock).status());
    }
}
