package io.mediagate.common.catalog;

import io.mediagate.common.values.Size;
import java.math.BigDecimal;

/**
 * What an offer charges for a request, before it runs: the one rule routing settles a table-priced job with ({@link #table}),
 * and the bounds of what a job may be charged ({@link #range}): routing's quotes, the gateway's budget reservations (their
 * {@code high}) and a quoted request's cap all read them here. After a job has run, a metered offer charges what its provider
 * metered (routing's {@code Charges}), which falls within the range as long as the provider meters as its catalog entry says.
 */
public final class OfferCharges {
    /**
     * Text tokens a provider may count beyond the prompt's own bytes (its framing of the request around the prompt), in a
     * token-billed offer's upper bound: a prompt is counted at most one token a byte, plus these.
     */
    public static final long PROMPT_FRAMING_TOKENS = 100;

    private OfferCharges() {
    }

    /**
     * What a request asks that sets its price: its {@code size} (null: the offer's base price), an image's {@code quality}
     * ({@code low}, {@code medium}, {@code high}; null when left to the provider), a video's {@code seconds} (null for an image),
     * the {@code items} made, the {@code inputs} (an edit's source pictures) and the prompt's length in UTF-8 bytes.
     */
    public record Ask(Size size, String quality, Double seconds, int items, int inputs, long promptBytes) {
        String label() {
            return size == null ? null : size.label();
        }
    }

    /** The least and most a job may be charged; {@link #exact} when they are one price. */
    public record Range(BigDecimal low, BigDecimal high) {
        @com.fasterxml.jackson.annotation.JsonIgnore
        public boolean exact() {
            return low.compareTo(high) == 0;
        }
    }

    /**
     * What {@code offer}'s published table charges for {@code ask}: per image, its price at the size and quality times the items;
     * per second, its price at the size times the seconds its provider makes and bills (the duration rounded up to its clip
     * lengths); plus what it bills per input picture. The quality is the one asked or, after the job, the one its provider
     * reports making (null: the base price at the size).
     */
    public static BigDecimal table(OfferSpec offer, Ask ask) {
        BigDecimal price = perResult(offer, ask.label(), ask.quality(), ask.seconds()).multiply(BigDecimal.valueOf(perSecond(offer, ask) ? 1 : ask.items()))
                .add(offer.inputImagePrice().multiply(BigDecimal.valueOf(ask.inputs())));
        return price.signum() == 0 ? price : price.stripTrailingZeros();
    }

    /** What one result costs at {@code offer}: the price per image, or per second times the seconds billed. */
    public static BigDecimal perResult(OfferSpec offer, String size, String quality, Double seconds) {
        BigDecimal unit = offer.priceAt(size, quality);
        return offer.unit() == OfferUnit.SECOND && seconds != null ? unit.multiply(BigDecimal.valueOf(offer.secondsFor(seconds))) : unit;
    }

    /**
     * The least and most {@code offer} may charge for {@code ask}. A table price at the quality asked is exact; a quality left to
     * the provider spans its cheapest to its dearest price at the size. A token-billed offer adds, at most, the prompt's text
     * ({@link #PROMPT_FRAMING_TOKENS} beyond a token a byte) and each input picture counted as a picture made at the dearest
     * quality; a megapixel-billed offer charges each picture's megapixels at its rates (input pictures counted as of the size
     * asked), which may fall either side of its table.
     */
    public static Range range(OfferSpec offer, Ask ask) {
        if (perSecond(offer, ask)) {
            BigDecimal exact = table(offer, ask);
            return new Range(exact, exact);
        }
        String size = ask.label();
        BigDecimal items = BigDecimal.valueOf(ask.items());
        BigDecimal inputs = offer.inputImagePrice().multiply(BigDecimal.valueOf(ask.inputs()));
        BigDecimal low = ask.quality() == null ? offer.cheapestAt(size) : offer.priceAt(size, ask.quality());
        BigDecimal high = ask.quality() == null ? offer.dearestAt(size) : offer.priceAt(size, ask.quality());
        BigDecimal extra = BigDecimal.ZERO;
        if (offer.tokens() != null) {
            extra = offer.tokens().cost(new TokenUsage(ask.promptBytes() + PROMPT_FRAMING_TOKENS, 0, 0, 0))
                    .add(offer.dearestAt(size).multiply(BigDecimal.valueOf(ask.inputs())));
        } else if (offer.megapixels() != null && ask.size() != null && ask.size().video().isEmpty()) {
            Size at = ask.size();
            low = low.min(offer.megapixels().cost(at.width(), at.height(), 0));
            high = high.max(offer.megapixels().cost(at.width(), at.height(), ask.inputs() * at.pixels()));
        }
        return new Range(clean(low.multiply(items).add(inputs)), clean(high.multiply(items).add(inputs).add(extra)));
    }

    private static boolean perSecond(OfferSpec offer, Ask ask) {
        return offer.unit() == OfferUnit.SECOND && ask.seconds() != null;
    }

    private static BigDecimal clean(BigDecimal price) {
        return price.signum() == 0 ? BigDecimal.ZERO : price.stripTrailingZeros();
    }
}
