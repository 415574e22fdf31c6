package io.mediagate.routing.support;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Timeouts, retries and circuit-breaker settings of provider calls ({@code mediagate.routing.*}). */
@ConfigMapping(prefix = "mediagate.routing")
public interface RoutingConfig {
    /** Longest single provider call. */
    @WithDefault("60s")
    Duration attemptTimeout();

    /** Longest time from accepting a request to giving up on every provider. */
    @WithDefault("110s")
    Duration deadline();

    /** Longest single provider call for a video (rendering, or an async provider's whole job). */
    @WithDefault("10m")
    Duration videoAttemptTimeout();

    /** Longest time from accepting a video request to giving up on every provider. */
    @WithDefault("20m")
    Duration videoDeadline();

    /** Extra tries on the same provider after a retryable failure, before falling back. */
    @WithDefault("1")
    int retriesPerProvider();

    /** First backoff between tries on one provider; doubles each time. */
    @WithDefault("200ms")
    Duration backoff();

    /** A provider's Retry-After longer than this sends us to the next candidate instead of waiting. */
    @WithDefault("5s")
    Duration maxRetryAfter();

    /** Consecutive failures that open a provider's circuit. */
    @WithDefault("5")
    int breakerFailureThreshold();

    /** How long an open circuit stays open before one trial call is let through. */
    @WithDefault("30s")
    Duration breakerOpenFor();
}
