package io.mediagate.gateway;

import io.mediagate.testing.ManualClock;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The gateway's clock under {@code @QuarkusTest}: the real time until a test pins it (a {@link ManualClock} without a
 * start); each test that pins it releases it after.
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
