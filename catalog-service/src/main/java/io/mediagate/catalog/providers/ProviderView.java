package io.mediagate.catalog.providers;

import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.Retirement;
import java.time.Instant;
import java.util.List;

/** The public provider record of docs/api-guide.md; status and health come from routing's recent calls. */
public record ProviderView(String id, String slug, String name, String status, List<String> media,
                           List<String> models, Health health, List<RetiredOffer> retiredOffers, Instant createdAt) {

    /** An offer of this provider taken out of routing: the model, why and since when. */
    public record RetiredOffer(String model, String reason, Instant at) {}

    /** {@code failures}: the window's failed calls by class; {@code lastErrorClass}: the class of the newest one. */
    public record Health(Double successRate, Long latencyP50Ms, Long latencyP95Ms, String window, Instant lastErrorAt, String lastErrorClass,
                         java.util.Map<String, Long> failures) {}

    static ProviderView of(ProviderSpec p, List<String> models, HealthSnapshot h, List<Retirement> retired) {
        return new ProviderView(p.id(), p.id(), p.name(), h.status(), p.media(), models,
                new Health(h.successRate(), h.latencyP50Ms(), h.latencyP95Ms(), h.window(), h.lastErrorAt(), h.lastErrorClass(), h.failures()),
                retired.stream().map(r -> new RetiredOffer(r.model(), r.reason(), r.at())).toList(), p.createdAt());
    }
}
