package io.mediagate.catalog.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.time.Instant;
import java.util.List;

/**
 * The public provider record of CONTRACT.md. Health figures are null until routing has reported
 * outcomes for the provider.
 */
public record ProviderView(String id, String slug, String name, String status, List<String> media,
                           List<String> models, Health health, Instant createdAt) {

    public record Health(Double successRate, Long latencyP50Ms, String window, Instant lastErrorAt) {}

    static ProviderView of(ProviderSpec p, List<String> models) {
        return new ProviderView(p.id(), p.id(), p.name(), p.enabled() ? "operational" : "disabled", p.media(),
                models, new Health(null, null, "15m", null), p.createdAt());
    }
}
