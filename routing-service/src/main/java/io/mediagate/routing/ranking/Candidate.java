package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.OfferCharges;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.util.List;

/**
 * An offer that could serve a request, with its provider, that provider's recent health, and what the request asks
 * for that sets the price: its size (null when it names none), a video's duration in seconds (null for images),
 * the source images of an edit or variation (which some providers bill as well) and an image's quality (null when
 * not asked, or left to the provider).
 */
public record Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health, String size, Double seconds, int inputImages,
                        String quality) {
    public Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health, String size, Double seconds, int inputImages) {
        this(offer, provider, health, size, seconds, inputImages, null);
    }

    public Candidate(OfferSpec offer, ProviderSpec provider, ProviderHealth health, String size, Double seconds) {
        this(offer, provider, health, size, seconds, 0);
    }

    /** This candidate priced at {@code made}, the quality its provider reports having made (null: as asked). */
    public Candidate madeAt(String made) {
        return made == null || made.equals(quality) ? this : new Candidate(offer, provider, health, size, seconds, inputImages, made);
    }

    /** This candidate at its offer's batch price ({@link OfferSpec#atBatchPrices}): what a line its provider's batch made costs. */
    public Candidate atBatchPrices() {
        return new Candidate(offer.atBatchPrices(), provider, health, size, seconds, inputImages, quality);
    }

    public String providerId() {
        return provider.id();
    }

    /** The price per unit (image or second) at the requested size (and an image's quality). */
    public BigDecimal price() {
        return offer.priceAt(size, quality);
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
        return OfferCharges.perResult(offer, size, quality, seconds);
    }

    /**
     * What ranking compares: one result's {@link #cost} and the request's input images at the offer's price for them
     * (xAI bills an edit's sources too), so that an offer cheaper per image but dearer per edit is not ranked first.
     */
    public BigDecimal rankedCost() {
        return inputImages == 0 ? cost() : cost().add(offer.inputImagePrice().multiply(BigDecimal.valueOf(inputImages)));
    }

    public List<String> features() {
        return offer.features();
    }
}
