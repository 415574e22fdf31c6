package io.mediagate.routing.attempts;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.Stats;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.Candidate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Calls the ranked candidates in order: each call bounded by the attempt timeout and the request's
 * deadline; retryable failures retried on the same provider with exponential backoff (or the provider's
 * Retry-After when it is short), then the next candidate; non-retryable failures end the request.
 * Every call is recorded for {@code stats.attempts} and feeds the provider's circuit breaker.
 */
public final class AttemptRunner {
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
    private final RoutingConfig config;
    private final CircuitBreakers breakers;
    private final Clock clock;
    private final Pause pause;

    public AttemptRunner(RoutingConfig config, CircuitBreakers breakers, Clock clock, Pause pause) {
        this.config = config;
        this.breakers = breakers;
        this.clock = clock;
        this.pause = pause;
    }

    /** The serving candidate, its result, every attempt made and the serving call's time. */
    public record Outcome<T>(Candidate served, T result, List<Stats.Attempt> attempts, long servingMs, Instant firstCall) {}

    public <T> Outcome<T> run(List<Candidate> ranked, Instant acceptedAt, boolean explicit, Function<Candidate, T> call) {
        return run(ranked, acceptedAt, explicit, call, config.attemptTimeout(), config.deadline());
    }

    /** As {@link #run(List, Instant, boolean, Function)} with the given per-attempt timeout and overall deadline. */
    public <T> Outcome<T> run(List<Candidate> ranked, Instant acceptedAt, boolean explicit, Function<Candidate, T> call,
                              Duration attemptTimeout, Duration overall) {
        Instant deadline = acceptedAt.plus(overall);
        List<Stats.Attempt> attempts = new ArrayList<>();
        Instant firstCall = null;
        for (Candidate candidate : ranked) {
            String provider = candidate.providerId();
            for (int attempt = 0; attempt <= config.retriesPerProvider(); attempt++) {
                if (!breakers.tryAcquire(provider)) {
                    attempts.add(new Stats.Attempt(provider, "skipped", "circuit_open", 0));
                    if (explicit) {
                        throw new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, provider + " is failing; its circuit is open",
                                "provider", Map.of("attempts", attempts));
                    }
                    break;
                }
                Duration remaining = Duration.between(clock.instant(), deadline);
                if (remaining.isNegative() || remaining.isZero()) {
                    breakers.release(provider);
                    throw giveUp(attempts, true);
                }
                Instant start = clock.instant();
                firstCall = firstCall == null ? start : firstCall;
                try {
                    T result = call(candidate, call, min(attemptTimeout, remaining));
                    long ms = Duration.between(start, clock.instant()).toMillis();
                    attempts.add(new Stats.Attempt(provider, "success", null, ms));
                    breakers.success(provider);
                    return new Outcome<>(candidate, result, attempts, ms, firstCall);
                } catch (ProviderException e) {
                    attempts.add(new Stats.Attempt(provider, "failure", e.code().code(),
                            Duration.between(start, clock.instant()).toMillis()));
                    if (!e.retryable()) {
                        breakers.success(provider); // the provider answered; the request was the problem
                        throw new ApiException(e.code(), e.getMessage(), null, Map.of("attempts", attempts));
                    }
                    breakers.failure(provider);
                    if (attempt == config.retriesPerProvider() || !waitBeforeRetry(e, attempt, deadline)) {
                        break;
                    }
                }
            }
        }
        throw giveUp(attempts, false);
    }

    private <T> T call(Candidate candidate, Function<Candidate, T> call, Duration timeout) {
        Future<T> future = calls.submit(() -> call.apply(candidate));
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw ProviderException.timedOut(candidate.providerId() + " did not answer within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ProviderException p) {
                throw p;
            }
            if (e.getCause() instanceof ApiException a) {
                throw a;
            }
            throw ProviderException.failed(candidate.providerId() + " adapter failed: " + e.getCause().getClass().getSimpleName());
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw ProviderException.timedOut("interrupted");
        }
    }

    /** Waits before the next try on the same provider; false when waiting is not worth it. */
    private boolean waitBeforeRetry(ProviderException e, int attempt, Instant deadline) {
        Duration wait = e.retryAfter().orElse(config.backoff().multipliedBy(1L << Math.min(attempt, 10)));
        if (wait.compareTo(config.maxRetryAfter()) > 0 || clock.instant().plus(wait).isAfter(deadline)) {
            return false;
        }
        try {
            pause.sleep(wait);
            return true;
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static ApiException giveUp(List<Stats.Attempt> attempts, boolean deadlinePassed) {
        List<Stats.Attempt> made = attempts.stream().filter(a -> !"skipped".equals(a.outcome())).toList();
        Map<String, Object> extra = Map.of("attempts", attempts);
        if (made.isEmpty() && !deadlinePassed) {
            return new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "every provider of this model is failing; try again shortly", null, extra);
        }
        boolean allTimedOut = deadlinePassed || made.stream().allMatch(a -> ErrorCode.PROVIDER_TIMEOUT.code().equals(a.code()));
        return allTimedOut
                ? new ApiException(ErrorCode.PROVIDER_TIMEOUT, "the providers did not answer in time", null, extra)
                : new ApiException(ErrorCode.PROVIDER_ERROR, "every provider attempt failed", null, extra);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
