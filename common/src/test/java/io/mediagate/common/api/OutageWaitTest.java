package io.mediagate.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutageWaitTest {
    @Test
    void pausesDoubleUpToTenSecondsAndTheLastEndsWhenThePatienceDoes() {
        ManualClock clock = new ManualClock(Instant.parse("2026-11-25T12:00:00Z"));
        OutageWait wait = new OutageWait(clock, Duration.ofSeconds(30));
        List<Duration> pauses = new ArrayList<>();
        for (Optional<Duration> next = wait.next(); next.isPresent(); next = wait.next()) {
            pauses.add(next.get());
            clock.advance(next.get());
        }
        assertEquals(List.of(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800), Duration.ofMillis(1600),
                Duration.ofMillis(3200), Duration.ofMillis(6400), Duration.ofSeconds(10), Duration.ofMillis(7400)), pauses);
        Duration total = pauses.stream().reduce(Duration.ZERO, Duration::plus);
        assertEquals(Duration.ofSeconds(30), total, "waited the whole patience, not a moment more");
    }
}
