package io.mediagate.catalog.health;

import io.mediagate.common.catalog.HealthSnapshot;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * The last {@link #SPAN} of one provider's call outcomes (at most {@link #MAX} of them). A provider is
 * {@code down} when its last {@link #DOWN_STREAK} calls all failed or fewer than half succeeded,
 * {@code degraded} under 90% success, else {@code operational} (also without data).
 */
final class HealthWindow {
    static final Duration SPAN = Duration.ofMinutes(15);
    static final int MAX = 2_000;
    static final int DOWN_STREAK = 5;

    private record Outcome(Instant at, boolean success, long latencyMs) {}

    private final Deque<Outcome> outcomes = new ArrayDeque<>();
    private Instant lastErrorAt;

    synchronized void record(Instant at, boolean success, long latencyMs) {
        outcomes.addLast(new Outcome(at, success, latencyMs));
        if (!success && (lastErrorAt == null || at.isAfter(lastErrorAt))) {
            lastErrorAt = at;
        }
        while (outcomes.size() > MAX) {
            outcomes.removeFirst();
        }
    }

    synchronized HealthSnapshot snapshot(Clock clock) {
        Instant since = clock.instant().minus(SPAN);
        outcomes.removeIf(o -> o.at().isBefore(since));
        if (outcomes.isEmpty()) {
            return new HealthSnapshot("operational", null, null, "15m", lastErrorAt);
        }
        long successes = outcomes.stream().filter(Outcome::success).count();
        double rate = successes / (double) outcomes.size();
        long[] latencies = outcomes.stream().filter(Outcome::success).mapToLong(Outcome::latencyMs).sorted().toArray();
        Long p50 = latencies.length == 0 ? null : latencies[(latencies.length - 1) / 2];
        return new HealthSnapshot(status(rate), Math.round(rate * 1000) / 1000.0, p50, "15m", lastErrorAt);
    }

    private String status(double rate) {
        if (rate < 0.5 || failingStreak()) {
            return "down";
        }
        return rate < 0.9 ? "degraded" : "operational";
    }

    private boolean failingStreak() {
        if (outcomes.size() < DOWN_STREAK) {
            return false;
        }
        Iterator<Outcome> newest = outcomes.descendingIterator();
        for (int i = 0; i < DOWN_STREAK; i++) {
            if (newest.next().success()) {
                return false;
            }
        }
        return true;
    }
}
