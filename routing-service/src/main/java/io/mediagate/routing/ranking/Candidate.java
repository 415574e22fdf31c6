package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.util.List;

/** An offer that could serve a request, with its provider and that provider's recent health. */
public record Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health) {
    public String providerId() {
        return provider.id();
    }

    public BigDecimal price() {
        return offer.price();
    }

    public List<String> features() {
        return offer.features();
    }
}
