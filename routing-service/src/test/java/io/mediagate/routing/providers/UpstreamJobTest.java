package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The kit's one loop for asynchronous jobs: the id it lets into URLs, the waits, cancellation, a lost job. */
class UpstreamJobTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("video"), true, null, null, Instant.EPOCH);
    private final List<Duration> waits = new ArrayList<>();
    private final Upstream upstream = new Upstream(new ObjectMapper(), new Poller(new Poller.Settings(Duration.ofMillis(10),
            Duration.ofMillis(40), Duration.ofSeconds(60)), Clock.systemUTC(), waits::add), new SafeFetch(true, Duration.ofSeconds(1)),
            Duration.ofSeconds(1), Clock.systemUTC());

    private static UpstreamJob<String> job(String id, int pendingLooks, AtomicBoolean cancelled, Duration floor) {
        AtomicInteger looks = new AtomicInteger();
        return new UpstreamJob<>() {
            public String submit() {
                return id;
            }

            public Poller.Poll<String> poll(String given) {
                assertEquals(id, given);
                return looks.incrementAndGet() <= pendingLooks ? Poller.pending(50) : Poller.done("result of " + given);
            }

            public Duration minimumInterval() {
                return floor;
            }

            public void cancel(String given) {
                cancelled.set(true);
            }
        };
    }

    @Test
    void aJobIsLookedAtUntilDoneNoMoreOftenThanItsProviderAsks() {
        String result = upstream.run(PROVIDER, TaskControl.NONE, job("task-1", 2, new AtomicBoolean(), Duration.ofSeconds(5)));
        assertEquals("result of task-1", result);
        assertEquals(2, waits.size());
        waits.forEach(w -> assertTrue(w.compareTo(Duration.ofSeconds(5)) >= 0, "waited " + w));
    }

    @Test
    void anIdThatCouldLeaveItsPathNeverGoesIntoAUrl() {
        for (String id : new String[] {null, "", "../admin", "a b", "x?y=1"}) {
            ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, TaskControl.NONE,
                    job(id, 0, new AtomicBoolean(), Duration.ZERO)));
            assertEquals(FailureClass.TRANSIENT, e.failure(), String.valueOf(id));
        }
    }

    @Test
    void cancellingOurJobCancelsTheProvidersJob() {
        AtomicBoolean cancelled = new AtomicBoolean();
        TaskControl cancelledAtOnce = new TaskControl() {
            public boolean cancelled() {
                return true;
            }

            public void progress(int percent) {
            }
        };
        ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, cancelledAtOnce,
                job("task-2", 100, cancelled, Duration.ZERO)));
        assertEquals(ErrorCode.JOB_CANCELLED, e.code());
        assertTrue(cancelled.get());
    }
}
