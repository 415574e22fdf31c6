package io.mediagate.routing.attempts;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.Stats;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.support.Pause;
import io.mediagate.routing.support.RoutingConfig;
import java.math.BigDecimal;
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
import org.jboss.logging.Logger;

/**
 * Calls the ranked candidates in order, each call bounded by the attempt timeout and the request's
 * deadline. What happens after a failure follows its {@link FailureClass}: a caller error or moderation
 * ends the request; refused credentials, an exhausted quota, a model the provider no longer has ({@code gone}) or a
 * refusal of our translation of a valid request ({@code rejected}) move to the next candidate at once; a
 * rate limit is tried again on the same provider after its {@code Retry-After} (when that is short and
 * fits the deadline), a transient failure or timeout after an exponential backoff, up to the retries
 * per provider, then the next candidate. Every call is recorded for {@code stats.attempts} with its
 * class and feeds the provider's circuit breaker.
 */
public final class AttemptRunner {
    private static final Logger LOG = Logger.getLogger(AttemptRunner.class);
    private final ExecutorService calls;
    private final RoutingConfig config;
    private final CircuitBreakers breakers;
    private final Clock clock;
    private final Pause pause;
    private final AttemptMeter meter;
    private final Watch watch;

    /** Told of each provider call before it is made: the candidate, the call's number (1, 2, …) and the attempts before it. */
    @FunctionalInterface
    public interface Watch {
        void calling(Candidate candidate, int number, List<Stats.Attempt> before);
    }

    public AttemptRunner(RoutingConfig config, CircuitBreakers breakers, Clock clock, Pause pause) {
        this(config, breakers, clock, pause, AttemptMeter.NONE);
    }

    public AttemptRunner(RoutingConfig config, CircuitBreakers breakers, Clock clock, Pause pause, AttemptMeter meter) {
        this.calls = Executors.newVirtualThreadPerTaskExecutor();
        this.config = config;
        this.breakers = breakers;
        this.clock = clock;
        this.pause = pause;
        this.meter = meter;
        this.watch = (candidate, number, before) -> { };
    }

    private AttemptRunner(AttemptRunner runner, Watch watch) {
        this.calls = runner.calls;
        this.config = runner.config;
        this.breakers = runner.breakers;
        this.clock = runner.clock;
        this.pause = runner.pause;
        this.meter = runner.meter;
        this.watch = watch;
    }

    /** This runner, telling {@code watch} of each call it makes (a job's events). */
    public AttemptRunner watching(Watch watch) {
        return new AttemptRunner(this, watch);
    }

    /** The serving candidate, its result, every attempt made and the serving call's time. */
    public record Outcome<T>(Candidate served, T result, List<Stats.Attempt> attempts, long servingMs, Instant firstCall) {}

    public <T> Outcome<T> run(List<Candidate> ranked, Instant acceptedAt, boolean explicit, Function<Candidate, T> call) {
        return run(ranked, acceptedAt, explicit, call, c -> null, config.attemptTimeout(), config.deadline());
    }

    /**
     * As {@link #run(List, Instant, boolean, Function)}; {@code lostCost} is what a candidate's provider bills for a call
     * that timed out after it was sent (it received the call and may go on with it) or that it made and then withheld
     * ({@link ProviderException#isCharged()}): recorded as the attempt's {@code billed}, provider spend the caller is not
     * charged.
     */
    public <T> Outcome<T> run(List<Candidate> ranked, Instant acceptedAt, boolean explicit, Function<Candidate, T> call,
                              Function<Candidate, BigDecimal> lostCost) {
        return run(ranked, acceptedAt, explicit, call, lostCost, config.attemptTimeout(), config.deadline());
    }

    /** As {@link #run(List, Instant, boolean, Function, Function)} with the given per-attempt timeout and overall deadline. */
    public <T> Outcome<T> run(List<Candidate> ranked, Instant acceptedAt, boolean explicit, Function<Candidate, T> call,
                              Function<Candidate, BigDecimal> lostCost, Duration attemptTimeout, Duration overall) {
        Instant deadline = acceptedAt.plus(overall);
        List<Stats.Attempt> attempts = new ArrayList<>();
        Instant firstCall = null;
        int made = 0;
        ProviderException lastRejection = null;
        for (Candidate candidate : ranked) {
            String provider = candidate.providerId();
            for (int attempt = 0; attempt <= config.retriesPerProvider(); attempt++) {
                if (!breakers.tryAcquire(provider)) {
                    attempts.add(Stats.Attempt.skipped(provider, "circuit_open"));
                    if (explicit) {
                        throw new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, provider + " is failing; its circuit is open",
                                "provider", Map.of("attempts", attempts));
                    }
                    break;
                }
                Duration remaining = Duration.between(clock.instant(), deadline);
                if (remaining.isNegative() || remaining.isZero()) {
                    breakers.release(provider);
                    throw giveUp(attempts, true, null);
                }
                Instant start = clock.instant();
                firstCall = firstCall == null ? start : firstCall;
                watch.calling(candidate, ++made, List.copyOf(attempts));
                try {
                    T result = call(candidate, call, min(attemptTimeout, remaining));
                    long ms = Duration.between(start, clock.instant()).toMillis();
                    attempts.add(Stats.Attempt.success(provider, ms));
                    meter.record(provider, "success", ms);
                    breakers.success(provider);
                    return new Outcome<>(candidate, result, attempts, ms, firstCall);
                } catch (ProviderException e) {
                    FailureClass failure = e.failure();
                    long ms = Duration.between(start, clock.instant()).toMillis();
                    BigDecimal billed = failure == FailureClass.TIMEOUT || e.isCharged() ? lostCost.apply(candidate) : null;
                    attempts.add(new Stats.Attempt(provider, Stats.Outcome.FAILURE, e.code().code(), ms, failure.wire(),
                            billed == null || billed.signum() == 0 ? null : billed));
                    meter.record(provider, failure.wire(), ms);
                    // What the caller sees is the attempt's code; why it failed is for the operator.
                    LOG.logf(failure.endsRequest() ? Logger.Level.INFO : Logger.Level.WARN, "%s attempt %d failed after %d ms (%s): %s",
                            provider, made, ms, failure.wire(), e.getMessage());
                    if (failure.endsRequest()) {
                        breakers.success(provider); // the provider answered; the request was the problem
                        throw new ApiException(e.code(), e.getMessage(), null, Map.of("attempts", attempts));
                    }
                    if (failure == FailureClass.GONE || failure == FailureClass.REJECTED) {
                        // the provider answered; only this offer is gone, or our request to it was refused
                        breakers.success(provider);
                        lastRejection = failure == FailureClass.REJECTED ? e : lastRejection;
                        break;
                    }
                    breakers.failure(provider);
                    if (!failure.retriesSameProvider() || attempt == config.retriesPerProvider()
                            || !waitBeforeRetry(e, attempt, deadline)) {
                        break;
                    }
                }
            }
        }
        throw giveUp(attempts, false, lastRejection);
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
            LOG.errorf(e.getCause(), "the %s adapter failed", candidate.providerId());
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

    private static ApiException giveUp(List<Stats.Attempt> attempts, boolean deadlinePassed, ProviderException lastRejection) {
        List<Stats.Attempt> made = attempts.stream().filter(Stats.Attempt::called).toList();
        Map<String, Object> extra = Map.of("attempts", attempts);
        if (!deadlinePassed && lastRejection != null && made.stream().allMatch(a -> FailureClass.REJECTED.wire().equals(a.failure()))) {
            // every provider refused it: the request is at fault after all
            return new ApiException(ErrorCode.INVALID_REQUEST, lastRejection.getMessage(), null, extra);
        }
        if (made.isEmpty() && !deadlinePassed) {
            return new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "every provider of this model is failing; try again shortly", null, extra);
        }
        boolean allTimedOut = deadlinePassed || made.stream().allMatch(a -> ErrorCode.PROVIDER_TIMEOUT.code().equals(a.code()));
        if (!deadlinePassed && made.stream().allMatch(a -> FailureClass.GONE.wire().equals(a.failure()))) {
            return new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "no provider of this model has it any more: "
                    + "its offers are retired until the catalog is checked again", null, extra);
        }
        boolean noneCanServe = made.stream().allMatch(a -> FailureClass.CREDENTIALS.wire().equals(a.failure())
                || FailureClass.QUOTA.wire().equals(a.failure()));
        if (!deadlinePassed && noneCanServe) {
            return new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "no provider of this model can serve it now: "
                    + "credentials refused or quota exhausted at every one", null, extra);
        }
        return allTimedOut
                ? new ApiException(ErrorCode.PROVIDER_TIMEOUT, "the providers did not answer in time", null, extra)
                : new ApiException(ErrorCode.PROVIDER_ERROR, "every provider attempt failed", null, extra);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
