package io.mediagate.routing.support;

import java.time.Duration;

/** Waiting between tries; replaced in tests so they need not sleep. */
@FunctionalInterface
public interface Pause {
    void sleep(Duration duration) throws InterruptedException;

    Pause REAL = Thread::sleep;
}
