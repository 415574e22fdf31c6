package io.mediagate.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A UTC clock that stands still until a test moves it; safe to read from several threads. One made without a start
 * ({@link #ManualClock()}) tells the real time until a test sets it, and again once {@link #release released}: what a
 * service's clock is replaced with in its {@code @QuarkusTest}s, where only some tests pin the time.
 */
public final class ManualClock extends Clock {
    private final AtomicReference<Instant> now;

    public ManualClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    /** A clock on the real time until a test {@link #set}s it. */
    public ManualClock() {
        this.now = new AtomicReference<>();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        Instant set = now.get();
        return set == null ? Instant.now() : set;
    }

    public void advance(Duration by) {
        now.updateAndGet(t -> (t == null ? Instant.now() : t).plus(by));
    }

    public void set(Instant to) {
        now.set(to);
    }

    /** Back to the real time. */
    public void release() {
        now.set(null);
    }
}
