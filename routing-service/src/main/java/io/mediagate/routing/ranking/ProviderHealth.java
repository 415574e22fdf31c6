package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.HealthSnapshot;

/**
 * Recent success rate (0..1) and the median and 95th-percentile latency of a provider's successful calls; unknown providers rank
 * as healthy, their latencies unknown ({@link Long#MAX_VALUE} for the median, which ranks them last among equals; null for the tail).
 */
public record ProviderHealth(double successRate, long latencyP50Ms, Long latencyP95Ms) {
    public static final ProviderHealth UNKNOWN = new ProviderHealth(1.0, Long.MAX_VALUE, null);

    public ProviderHealth(double successRate, long latencyP50Ms) {
        this(successRate, latencyP50Ms, null);
    }

    public static ProviderHealth of(HealthSnapshot snapshot) {
        if (snapshot == null || snapshot.successRate() == null) {
            return UNKNOWN;
        }
        return new ProviderHealth(snapshot.successRate(),
                snapshot.latencyP50Ms() == null ? Long.MAX_VALUE : snapshot.latencyP50Ms(), snapshot.latencyP95Ms());
    }

    /** The median latency, null when unknown. */
    public Long median() {
        return latencyP50Ms == Long.MAX_VALUE ? null : latencyP50Ms;
    }
}
