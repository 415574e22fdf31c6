package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.util.List;

/**
 * An offer that could serve a request, with its provider, that provider's recent health, and the size the
 * request asks for (null when it names none), which sets the price.
 */
public record Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health, String size) {
    public String providerId() {
        return provider.id();
    }

    public BigDecimal price() {
        return offer.priceAt(size);
    }

    public List<String> features() {
        return offer.features();
    }
}
