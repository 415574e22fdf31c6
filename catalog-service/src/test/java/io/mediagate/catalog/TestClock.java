package io.mediagate.catalog;

import io.mediagate.testing.ManualClock;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The clock of catalog-service under {@code @QuarkusTest}: the real time until a test pins it (a {@link ManualClock}
 * without a start), so a test can read the catalog before, at and after a shutdown; each such test releases it after.
 */
@Singleton
public class TestClock {
    @Produces
    @Singleton
    @Alternative
    @Priority(1)
    ManualClock clock() {
        return new ManualClock();
    }
}
