package io.mediagate.catalog.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.HealthSnapshot;
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
        w.record(now.minusSeconds(30), true, 100);
        w.record(now.minusSeconds(20), true, 300);
        w.record(now.minusSeconds(10), true, 200);
        w.record(now.minusSeconds(5), false, 5000);
        HealthSnapshot s = w.snapshot(clock);
        assertEquals(0.75, s.successRate());
        assertEquals(200, s.latencyP50Ms());
        assertEquals("degraded", s.status());
        assertEquals(now.minusSeconds(5), s.lastErrorAt());
    }

    @Test
    void fiveFailuresInARowIsDownAndRecoveryIsSeen() {
        HealthWindow w = new HealthWindow();
        for (int i = 0; i < 20; i++) {
            w.record(now.minusSeconds(100 - i), true, 100);
        }
        for (int i = 0; i < 5; i++) {
            w.record(now.minusSeconds(50 - i), false, 100);
        }
        assertEquals("down", w.snapshot(clock).status());
        w.record(now.minusSeconds(1), true, 100);
        assertEquals("degraded", w.snapshot(clock).status());
    }

    @Test
    void outcomesOlderThanTheWindowAreForgotten() {
        HealthWindow w = new HealthWindow();
        w.record(now.minus(Duration.ofMinutes(20)), false, 100);
        w.record(now.minusSeconds(10), true, 100);
        assertEquals(1.0, w.snapshot(clock).successRate());
        assertEquals("operational", w.snapshot(clock).status());
    }
}
