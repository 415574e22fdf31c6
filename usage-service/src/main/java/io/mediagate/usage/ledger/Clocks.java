package io.mediagate.usage.ledger;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock every time-dependent bean uses, so tests can pin time. */
public class Clocks {
    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
