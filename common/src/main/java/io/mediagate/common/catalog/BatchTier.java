package io.mediagate.common.catalog;

import java.math.BigDecimal;

/**
 * An offer's batch price: what its provider charges for the same work sent through its own batch API (OpenAI's Batch,
 * Gemini's batch mode) rather than called at once, as a {@code discount} off every price and rate of the offer (OpenAI and
 * Google both state 50%: {@code 0.5}), read from the provider's own page ({@code source}). Only an offer whose provider's
 * page says its model takes batch requests carries one.
 */
public record BatchTier(BigDecimal discount, Source source) {
    /** What a batch price is of the synchronous one: 1 less the discount. */
    public BigDecimal factor() {
        return BigDecimal.ONE.subtract(discount);
    }

    /** {@code price} at the batch tier (null stays null). */
    public BigDecimal of(BigDecimal price) {
        return price == null ? null : price.multiply(factor()).stripTrailingZeros();
    }
}
