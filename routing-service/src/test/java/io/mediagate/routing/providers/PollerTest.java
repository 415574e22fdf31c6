package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.events.FailureClass;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PollerTest {
    private final Poller poller = new Poller(new Poller.Settings(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofSeconds(5)),
            Clock.systemUTC(), d -> { });

    @Test
    void aJobUrlAnswering404IsALostJobNotAGoneModel() {
        ProviderException e = assertThrows(ProviderException.class, () -> poller.await("p", TaskControl.NONE,
                () -> { throw ProviderException.gone("p answered 404"); }, () -> { }));
        assertEquals(FailureClass.TRANSIENT, e.failure(), "tried again (resubmitted), and the offer is not retired");
    }

    @Test
    void aFewFailedPollsAreToleratedThenTheJobEnds() {
        AtomicInteger polls = new AtomicInteger();
        String done = poller.await("p", TaskControl.NONE, () -> {
            if (polls.incrementAndGet() < 3) {
                throw ProviderException.failed("503");
            }
            return Poller.done("ok");
        }, () -> { });
        assertEquals("ok", done);
    }
}
