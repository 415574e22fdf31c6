package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.util.List;

/**
 * An offer that could serve a request, with its provider, that provider's recent health, and what the request asks
 * for that sets the price: its size (null when it names none) and a video's duration in seconds (null for images).
 */
public record Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health, String size, Double seconds) {
    public String providerId() {
        return provider.id();
    }

    /** The price per unit (image or second) at the requested size. */
    public BigDecimal price() {
        return offer.priceAt(size);
    }

    /**
     * The seconds this offer's provider is asked to make, and bills, for the request (its clip lengths round the
     * duration up); null for images.
     */
    public Integer billedSeconds() {
        return seconds == null ? null : offer.secondsFor(seconds);
    }

    /** What one result costs here: the price per image, or per second times the billed seconds. */
    public BigDecimal cost() {
        BigDecimal unitPrice = price();
        return "second".equals(offer.unit()) && seconds != null ? unitPrice.multiply(BigDecimal.valueOf(billedSeconds())) : unitPrice;
    }

    public List<String> features() {
        return offer.features();
    }
}
