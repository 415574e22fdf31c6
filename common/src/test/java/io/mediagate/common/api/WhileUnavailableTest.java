package io.mediagate.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WhileUnavailableTest {
    private final List<Duration> pauses = new ArrayList<>();
    private final WhileUnavailable.Pause recorded = pauses::add;

    @Test
    void anUnreachableDependencyIsWaitedOutWithGrowingPauses() {
        AtomicInteger calls = new AtomicInteger();
        String result = WhileUnavailable.retry("booking", () -> {
            if (calls.incrementAndGet() < 4) {
                throw new IllegalStateException("wrapped", new ConnectException("Connection refused"));
            }
            return "booked";
        }, Duration.ofMinutes(1), recorded);
        assertEquals("booked", result);
        assertEquals(List.of(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800)), pauses);
    }

    @Test
    void anotherServiceSayingItIsUnavailableIsWaitedOutToo() {
        AtomicInteger calls = new AtomicInteger();
        int result = WhileUnavailable.retry("storing", () -> {
            if (calls.incrementAndGet() == 1) {
                throw ApiException.unavailable("media-service is restarting");
            }
            return 7;
        }, Duration.ofMinutes(1), recorded);
        assertEquals(7, result);
        assertEquals(1, pauses.size());
    }

    @Test
    void otherFailuresAreThrownAtOnce() {
        ApiException invalid = ApiException.invalid("size", "no such size");
        ApiException thrown = assertThrows(ApiException.class, () -> WhileUnavailable.retry("x", () -> {
            throw invalid;
        }, Duration.ofMinutes(1), recorded));
        assertSame(invalid, thrown);
        assertTrue(pauses.isEmpty());
    }

    @Test
    void theLastFailureIsThrownOncePatienceRunsOut() {
        AtomicInteger calls = new AtomicInteger();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> WhileUnavailable.retry("x", () -> {
            calls.incrementAndGet();
            throw new RuntimeException(new SQLException("gone", "08006"));
        }, Duration.ofMillis(500), recorded));
        assertTrue(DependencyFailures.in(thrown));
        assertEquals(calls.get() - 1, pauses.size(), "no pause after the last try");
        assertTrue(calls.get() <= 3, "200 ms + 400 ms would pass the 500 ms patience: " + calls.get());
    }

    @Test
    void dependencyFailuresAreRecognisedThroughCauses() {
        assertTrue(DependencyFailures.in(new RuntimeException(new RuntimeException("Sorry, acquisition timeout!"))));
        assertTrue(DependencyFailures.in(new SQLException("x", "08001")));
        assertFalse(DependencyFailures.in(new SQLException("duplicate key", "23505")));
        assertFalse(DependencyFailures.in(new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "provider down")));
        assertFalse(DependencyFailures.in(new IllegalArgumentException("bad")));
    }
}
