package io.mediagate.routing.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicInteger;

/** How many interactive generation requests (not batch lines) this replica is handling right now. */
@ApplicationScoped
public class InteractiveLoad {
    private final AtomicInteger inFlight = new AtomicInteger();

    void enter() {
        inFlight.incrementAndGet();
    }

    void exit() {
        inFlight.decrementAndGet();
    }

    public int inFlight() {
        return inFlight.get();
    }
}
