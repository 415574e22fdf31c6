package io.mediagate.routing.attempts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.Stats;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.RankingTest;
import io.mediagate.routing.support.RoutingConfig;
import io.mediagate.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AttemptRunnerTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-01T00:00:00Z"));
    private final List<Duration> waits = new ArrayList<>();

    private AttemptRunner runner(int retries, Duration attemptTimeout, int threshold) {
        RoutingConfig config = new RoutingConfig() {
            public Duration attemptTimeout() { return attemptTimeout; }
            public Duration deadline() { return Duration.ofSeconds(100); }
            public Duration videoAttemptTimeout() { return attemptTimeout; }
            public Duration videoDeadline() { return Duration.ofSeconds(100); }
            public int retriesPerProvider() { return retries; }
            public Duration backoff() { return Duration.ofMillis(200); }
            public Duration maxRetryAfter() { return Duration.ofSeconds(5); }
            public int breakerFailureThreshold() { return threshold; }
            public Duration breakerOpenFor() { return Duration.ofSeconds(30); }
        };
        return new AttemptRunner(config, new CircuitBreakers(clock, threshold, Duration.ofSeconds(30)), clock, d -> {
            waits.add(d);
            clock.advance(d);
        });
    }

    private static List<Candidate> offers(String... ids) {
        return java.util.Arrays.stream(ids).map(id -> RankingTest.c(id + ":0.01:")).toList();
    }

    private static Function<Candidate, String> behaviour(Map<String, List<RuntimeException>> script, AtomicInteger calls) {
        Map<String, AtomicInteger> seen = new java.util.concurrent.ConcurrentHashMap<>();
        return c -> {
            calls.incrementAndGet();
            List<RuntimeException> failures = script.getOrDefault(c.providerId(), List.of());
            int n = seen.computeIfAbsent(c.providerId(), k -> new AtomicInteger()).getAndIncrement();
            if (n < failures.size()) {
                throw failures.get(n);
            }
            return "image from " + c.providerId();
        };
    }

    @Test
    void fallsBackToTheNextCandidateAfterRetryingTheFirst() {
        AtomicInteger calls = new AtomicInteger();
        var outcome = runner(1, Duration.ofSeconds(5), 5).run(offers("a", "b"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.failed("500"), ProviderException.failed("500"))), calls));
        assertEquals("image from b", outcome.result());
        assertEquals(List.of("a", "a", "b"), outcome.attempts().stream().map(Stats.Attempt::provider).toList());
        assertEquals(List.of("failure", "failure", "success"), outcome.attempts().stream().map(a -> a.outcome().wire()).toList());
        assertEquals(List.of(Duration.ofMillis(200)), waits, "one exponential backoff before the retry");
    }

    /** A watching runner (a job's events) is told of every call before it is made, with its number and what came before. */
    @Test
    void aWatchIsToldOfEachCallWithItsNumberAndTheAttemptsBeforeIt() {
        List<String> told = new ArrayList<>();
        var outcome = runner(1, Duration.ofSeconds(5), 5).watching((candidate, number, before) -> told.add(number + ":"
                        + candidate.providerId() + " after " + before.stream().map(a -> a.provider() + "/" + a.outcome().wire()).toList()))
                .run(offers("a", "b"), clock.instant(), false,
                        behaviour(Map.of("a", List.of(ProviderException.failed("500"), ProviderException.failed("500"))), new AtomicInteger()));
        assertEquals("image from b", outcome.result());
        assertEquals(List.of("1:a after []", "2:a after [a/failure]", "3:b after [a/failure, a/failure]"), told);
    }

    @Test
    void honoursAShortRetryAfterAndSkipsALongOne() {
        AtomicInteger calls = new AtomicInteger();
        var outcome = runner(1, Duration.ofSeconds(5), 5).run(offers("a"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.rateLimited("429", Duration.ofSeconds(2)))), calls));
        assertEquals("image from a", outcome.result());
        assertEquals(List.of(Duration.ofSeconds(2)), waits);

        waits.clear();
        var moved = runner(1, Duration.ofSeconds(5), 5).run(offers("a", "b"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.rateLimited("429", Duration.ofSeconds(60)))), new AtomicInteger()));
        assertEquals("image from b", moved.result());
        assertTrue(waits.isEmpty(), "a 60 s Retry-After is not waited for when another provider can serve");
    }

    @Test
    void nonRetryableFailuresEndTheRequestWithoutFallback() {
        AtomicInteger calls = new AtomicInteger();
        ApiException e = assertThrows(ApiException.class, () -> runner(1, Duration.ofSeconds(5), 5).run(offers("a", "b"),
                clock.instant(), false, behaviour(Map.of("a", List.of(ProviderException.moderated("no"))), calls)));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
        assertEquals(1, calls.get());
    }

    @Test
    void refusedCredentialsAndAnExhaustedQuotaGoStraightToTheNextProvider() {
        AtomicInteger calls = new AtomicInteger();
        var outcome = runner(2, Duration.ofSeconds(5), 5).run(offers("a", "b", "c"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.credentials("401")), "b", List.of(ProviderException.quota("402"))),
                        calls));
        assertEquals("image from c", outcome.result());
        assertEquals(3, calls.get(), "neither a nor b is called a second time");
        assertTrue(waits.isEmpty(), "no backoff before moving on");
        assertEquals(java.util.Arrays.asList("credentials", "quota", null),
                outcome.attempts().stream().map(Stats.Attempt::failure).toList());
    }

    @Test
    void aModelGoneAtOneProviderMovesOnAtOnceAndLeavesItsCircuitClosed() {
        AtomicInteger calls = new AtomicInteger();
        AttemptRunner runner = runner(2, Duration.ofSeconds(5), 1);
        var outcome = runner.run(offers("a", "b"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.gone("a answered 404"))), calls));
        assertEquals("image from b", outcome.result());
        assertEquals(2, calls.get(), "a is not tried again");
        assertTrue(waits.isEmpty(), "no backoff before moving on");
        assertEquals("gone", outcome.attempts().getFirst().failure());
        assertEquals("image from a", runner.run(offers("a"), clock.instant(), false, behaviour(Map.of(), calls)).result(),
                "a breaker opening after one failure stayed closed: a's other models still work");
    }

    @Test
    void whenEveryOfferIsGoneTheAnswerIsUnavailableAndSaysRetired() {
        ApiException e = assertThrows(ApiException.class, () -> runner(2, Duration.ofSeconds(5), 5).run(offers("a", "b"),
                clock.instant(), false, c -> { throw ProviderException.gone(c.providerId() + " answered 404"); }));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertTrue(e.getMessage().contains("retired"), e.getMessage());
        assertEquals(2, ((List<?>) e.extra().get("attempts")).size());
    }

    @Test
    void aRefusalOfOurTranslationMovesOnAtOnceAndWhenEveryProviderRefusesItIsTheCallers() {
        AtomicInteger calls = new AtomicInteger();
        var outcome = runner(2, Duration.ofSeconds(5), 1).run(offers("a", "b"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.rejected("Invalid value for 'size'.", "size").offersFault())), calls));
        assertEquals("image from b", outcome.result());
        assertEquals(2, calls.get(), "a is not asked again");
        assertEquals("rejected", outcome.attempts().getFirst().failure());
        ApiException e = assertThrows(ApiException.class, () -> runner(2, Duration.ofSeconds(5), 5).run(offers("a", "b"),
                clock.instant(), false, c -> { throw ProviderException.rejected(c.providerId() + ": prompt too long").offersFault(); }));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals("b: prompt too long", e.getMessage(), "the last provider's words");
    }

    @Test
    void aTimedOutCallIsRecordedAsWhatItsProviderBillsAndNothingElseIs() {
        var outcome = runner(0, Duration.ofSeconds(5), 5).run(offers("a", "b", "c"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.timedOut("a did not answer")), "b", List.of(ProviderException.failed("503"))),
                        new AtomicInteger()), c -> new java.math.BigDecimal("0.08"));
        assertEquals("image from c", outcome.result());
        assertEquals(0, new java.math.BigDecimal("0.08").compareTo(outcome.attempts().get(0).billed()), "a received the call and bills it");
        assertEquals(null, outcome.attempts().get(1).billed(), "a 503 is not billed");
        assertEquals(null, outcome.attempts().get(2).billed(), "the serving call is the charge itself");
    }

    @Test
    void anOutputMadeThenWithheldIsRecordedAsBilledAndTheFailedRequestKeepsItsAttempts() {
        ApiException e = assertThrows(ApiException.class, () -> runner(0, Duration.ofSeconds(5), 5).run(offers("a", "b"), clock.instant(),
                false, c -> { throw ProviderException.moderated("withheld by the safety checker").charged(); }, c -> new java.math.BigDecimal("0.05")));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
        var attempts = (List<?>) e.extra().get("attempts");
        assertEquals(1, attempts.size(), "moderation ends the request");
        assertEquals(0, new java.math.BigDecimal("0.05").compareTo(((io.mediagate.common.events.Stats.Attempt) attempts.getFirst()).billed()),
                "the provider bills what it made");
        var request = io.mediagate.common.events.GenerationRequest.image(new io.mediagate.common.events.GenerationRequest.Origin("job-1",
                        "req-1", "user-1", io.mediagate.common.tier.Tier.FREE, null, clock.instant()),
                new io.mediagate.common.events.GenerationRequest.Ask("m", null, "optimal", "a prompt",
                        io.mediagate.common.values.Size.of("1024x1024"), false, Map.of()), 1, "url", null, null);
        var failed = io.mediagate.routing.jobs.JobEnds.failure(request, e);
        assertEquals(attempts, failed.stats().attempts(), "the failed job's event carries them to the ledger");
        ApiException refused = assertThrows(ApiException.class, () -> runner(0, Duration.ofSeconds(5), 5).run(offers("a"), clock.instant(),
                false, c -> { throw ProviderException.moderated("prompt refused"); }, c -> new java.math.BigDecimal("0.05")));
        assertEquals(null, ((io.mediagate.common.events.Stats.Attempt) ((List<?>) refused.extra().get("attempts")).getFirst()).billed(),
                "a refused prompt made nothing");
    }

    @Test
    void eachAttemptNamesItsFailureClass() {
        var outcome = runner(1, Duration.ofSeconds(5), 5).run(offers("a", "b"), clock.instant(), false,
                behaviour(Map.of("a", List.of(ProviderException.rateLimited("429", Duration.ofSeconds(1)), ProviderException.timedOut("t"))),
                        new AtomicInteger()));
        assertEquals(java.util.Arrays.asList("rate_limited", "timeout", null),
                outcome.attempts().stream().map(Stats.Attempt::failure).toList());
        assertEquals(java.util.Arrays.asList("provider_error", "provider_timeout", null),
                outcome.attempts().stream().map(Stats.Attempt::code).toList());
    }

    @Test
    void whenNoProviderCanServeForCredentialsOrQuotaTheAnswerIsUnavailable() {
        ApiException e = assertThrows(ApiException.class, () -> runner(2, Duration.ofSeconds(5), 5).run(offers("a", "b"),
                clock.instant(), false, behaviour(Map.of("a", List.of(ProviderException.credentials("401")),
                        "b", List.of(ProviderException.quota("no credits"))), new AtomicInteger())));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(2, ((List<?>) e.extra().get("attempts")).size());
    }

    @Test
    void everyFailureGivesProviderErrorWithTheAttempts() {
        ApiException e = assertThrows(ApiException.class, () -> runner(0, Duration.ofSeconds(5), 5).run(offers("a", "b"),
                clock.instant(), false, c -> { throw ProviderException.failed("down"); }));
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
        assertEquals(2, ((List<?>) e.extra().get("attempts")).size());
    }

    @Test
    void slowProvidersTimeOutAsProviderTimeout() {
        ApiException e = assertThrows(ApiException.class, () -> runner(0, Duration.ofMillis(100), 5).run(offers("a"),
                clock.instant(), false, c -> {
                    try {
                        Thread.sleep(5_000);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                    }
                    return "late";
                }));
        assertEquals(ErrorCode.PROVIDER_TIMEOUT, e.code());
    }

    @Test
    void anOpenCircuitIsSkippedAndAnExplicitProviderWithAnOpenCircuitIs503() {
        AttemptRunner runner = runner(0, Duration.ofSeconds(5), 2);
        for (int i = 0; i < 2; i++) {
            assertThrows(ApiException.class, () -> runner.run(offers("a"), clock.instant(), false, c -> { throw ProviderException.failed("x"); }));
        }
        AtomicInteger calls = new AtomicInteger();
        var outcome = runner.run(offers("a", "b"), clock.instant(), false, behaviour(Map.of(), calls));
        assertEquals("image from b", outcome.result());
        assertEquals(Stats.Outcome.SKIPPED, outcome.attempts().getFirst().outcome());
        assertEquals(1, calls.get());
        ApiException e = assertThrows(ApiException.class, () -> runner.run(offers("a"), clock.instant(), true, behaviour(Map.of(), calls)));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }
}
