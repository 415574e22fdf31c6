package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.HealthSnapshot;

/** Recent success rate (0..1) and median latency of a provider; unknown providers rank as healthy. */
public record ProviderHealth(double successRate, long latencyP50Ms) {
    public static final ProviderHealth UNKNOWN = new ProviderHealth(1.0, Long.MAX_VALUE);

    public static ProviderHealth of(HealthSnapshot snapshot) {
        if (snapshot == null || snapshot.successRate() == null) {
            return UNKNOWN;
        }
        return new ProviderHealth(snapshot.successRate(),
                snapshot.latencyP50Ms() == null ? Long.MAX_VALUE : snapshot.latencyP50Ms());
    }
}
