package io.mediagate.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A UTC clock that stands still until a test moves it; safe to read from several threads. */
public final class ManualClock extends Clock {
    private final AtomicReference<Instant> now;

    public ManualClock(Instant start) {
        this.now = new AtomicReference<>(start);
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
        return now.get();
    }

    public void advance(Duration by) {
        now.updateAndGet(t -> t.plus(by));
    }

    public void set(Instant to) {
        now.set(to);
    }
}
