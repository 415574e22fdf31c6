package io.mediagate.common.time;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock every time-dependent bean of every service injects (UTC), so tests can pin time. */
public class Clocks {
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
