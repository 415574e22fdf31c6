package io.mediagate.routing.ranking;

/** Recent success rate (0..1) and median latency of a provider; unknown providers rank as healthy. */
public record ProviderHealth(double successRate, long latencyP50Ms) {
    public static final ProviderHealth UNKNOWN = new ProviderHealth(1.0, Long.MAX_VALUE);
}
