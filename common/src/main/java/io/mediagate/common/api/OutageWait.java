package io.mediagate.common.api;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The pauses between tries while a dependency is unavailable ({@link DependencyFailures}): doubling from 200 ms
 * up to 10 s, the last one cut to end when {@code patience} has passed since the outage was first met, so an
 * outage is waited out for the whole patience and not a moment longer. One instance per outage waited out.
 */
public final class OutageWait {
    static final Duration FIRST = Duration.ofMillis(200);
    static final Duration LONGEST = Duration.ofSeconds(10);
    private final Clock clock;
    private final Instant giveUp;
    private Duration next = FIRST;
    private Instant waitedUntil;

    public OutageWait(Clock clock, Duration patience) {
        this.clock = clock;
        this.giveUp = clock.instant().plus(patience);
    }

    /**
     * The pause before the next try, or empty once the patience has passed (time to give up). Pauses already handed
     * out count as waited even if the caller has not slept them yet.
     */
    public Optional<Duration> next() {
        Instant now = clock.instant();
        Instant from = waitedUntil != null && waitedUntil.isAfter(now) ? waitedUntil : now;
        Duration left = Duration.between(from, giveUp);
        if (left.isNegative() || left.isZero()) {
            return Optional.empty();
        }
        Duration pause = next.compareTo(left) < 0 ? next : left;
        waitedUntil = from.plus(pause);
        next = next.multipliedBy(2).compareTo(LONGEST) > 0 ? LONGEST : next.multipliedBy(2);
        return Optional.of(pause);
    }
}
