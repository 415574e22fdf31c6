package io.mediagate.pipeline.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.testing.ManualClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TriesTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-25T12:00:00Z"));
    private final Tries tries = new Tries("storage", 3, Duration.ofSeconds(1), Duration.ofSeconds(60), clock);

    private static RuntimeException refused() {
        return new UncheckedIOException(new ConnectException("Connection refused"));
    }

    /** Feeds {@code failure} until the decision is to give up, moving the clock by each pause; returns the time waited. */
    private Duration waitedUntilGivenUp(RuntimeException failure) {
        Duration waited = Duration.ZERO;
        for (int i = 0; i < 1000; i++) {
            Tries.Next next = tries.after(failure);
            if (next instanceof Tries.Next.Again again) {
                assertTrue(again.outage(), "an outage costs no try");
                clock.advance(again.pause());
                waited = waited.plus(again.pause());
            } else {
                return waited;
            }
        }
        throw new AssertionError("never gave up");
    }

    @Test
    void anOutageOfMediaServiceIsWaitedOutForThePatienceNotThreeTries() {
        Duration waited = waitedUntilGivenUp(refused());
        assertTrue(waited.compareTo(Duration.ofSeconds(50)) > 0 && waited.compareTo(Duration.ofSeconds(60)) <= 0,
                "waits out up to the 60 s patience: " + waited);
    }

    @Test
    void anOutageThatOutlastsThePatienceFailsTheJobAsServiceUnavailable() {
        waitedUntilGivenUp(refused());
        Tries.Next last = tries.after(refused());
        Tries.Next.GiveUp giveUp = assertInstanceOf(Tries.Next.GiveUp.class, last);
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE, giveUp.failure().errorCode());
        assertTrue(giveUp.failure().message().contains("could not be stored"), giveUp.failure().message());
    }

    @Test
    void aServiceAnswering503OrTimingOutIsAnOutageToo() {
        assertEquals(true, ((Tries.Next.Again) tries.after(ApiException.unavailable("media-service answered 503"))).outage());
        assertEquals(true, ((Tries.Next.Again) tries.after(new UncheckedIOException(new HttpTimeoutException("request timed out"))))
                .outage());
    }

    @Test
    void otherFailuresAreTriedThreeTimesWithADoublingBackoff() {
        RuntimeException broken = new UncheckedIOException(new IOException("media-service answered 500"));
        assertEquals(new Tries.Next.Again(Duration.ofSeconds(1), false), tries.after(broken));
        assertEquals(new Tries.Next.Again(Duration.ofSeconds(2), false), tries.after(broken));
        Tries.Next.GiveUp giveUp = assertInstanceOf(Tries.Next.GiveUp.class, tries.after(broken));
        assertEquals(ErrorCode.INTERNAL_ERROR, giveUp.failure().errorCode());
    }

    @Test
    void outageWaitsDoNotUseUpTheTriesOfOtherFailures() {
        RuntimeException broken = new IllegalStateException("ffmpeg crashed");
        tries.after(broken);
        for (int i = 0; i < 20; i++) {
            Tries.Next next = tries.after(refused());
            if (next instanceof Tries.Next.Again again) {
                clock.advance(again.pause());
            }
        }
        assertEquals(new Tries.Next.Again(Duration.ofSeconds(2), false), tries.after(broken), "still the second try");
    }

    @Test
    void aPermanentFailureEndsAtOnce() {
        Tries.Next.GiveUp giveUp = assertInstanceOf(Tries.Next.GiveUp.class, tries.after(new Step.Permanent("not a readable video")));
        assertEquals(ErrorCode.INTERNAL_ERROR, giveUp.failure().errorCode());
        assertEquals("not a readable video", giveUp.failure().message());
    }
}
