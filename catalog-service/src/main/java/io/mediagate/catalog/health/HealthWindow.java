package io.mediagate.catalog.health;

import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.events.FailureClass;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The last {@link #SPAN} of one provider's call outcomes (at most {@link #MAX} of them). A provider is
 * {@code down} when its last {@link #DOWN_STREAK} calls all failed or fewer than half succeeded,
 * {@code degraded} under 90% success, else {@code operational} (also without data).
 */
final class HealthWindow {
    static final Duration SPAN = Duration.ofMinutes(15);
    static final int MAX = 2_000;
    static final int DOWN_STREAK = 5;

    private record Outcome(Instant at, boolean success, long latencyMs, FailureClass failure) {}

    private final Deque<Outcome> outcomes = new ArrayDeque<>();
    private Instant lastErrorAt;
    private FailureClass lastErrorClass;

    /** One call: a success, or a failure of {@code failure}'s class. */
    synchronized void record(Instant at, boolean success, long latencyMs, FailureClass failure) {
        outcomes.addLast(new Outcome(at, success, latencyMs, failure));
        if (!success && (lastErrorAt == null || !at.isBefore(lastErrorAt))) {
            lastErrorAt = at;
            lastErrorClass = failure;
        }
        while (outcomes.size() > MAX) {
            outcomes.removeFirst();
        }
    }

    synchronized HealthSnapshot snapshot(Clock clock) {
        Instant since = clock.instant().minus(SPAN);
        outcomes.removeIf(o -> o.at().isBefore(since));
        if (outcomes.isEmpty()) {
            return new HealthSnapshot("operational", null, null, null, "15m", lastErrorAt, lastClass(), Map.of());
        }
        long successes = outcomes.stream().filter(Outcome::success).count();
        double rate = successes / (double) outcomes.size();
        long[] latencies = outcomes.stream().filter(Outcome::success).mapToLong(Outcome::latencyMs).sorted().toArray();
        Long p50 = percentile(latencies, 50);
        Long p95 = percentile(latencies, 95);
        Map<String, Long> failures = new TreeMap<>();
        outcomes.stream().filter(o -> !o.success() && o.failure() != null)
                .forEach(o -> failures.merge(o.failure().wire(), 1L, Long::sum));
        return new HealthSnapshot(status(rate), Math.round(rate * 1000) / 1000.0, p50, p95, "15m", lastErrorAt, lastClass(), failures);
    }

    /** The nearest-rank {@code p}th percentile of {@code sorted} (ascending), null when empty. */
    static Long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private String lastClass() {
        return lastErrorClass == null ? null : lastErrorClass.wire();
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
