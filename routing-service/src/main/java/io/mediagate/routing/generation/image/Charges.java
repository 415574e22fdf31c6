package io.mediagate.routing.generation.image;

import io.mediagate.common.catalog.MegapixelRates;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.TokenUsage;
import io.mediagate.common.events.Stats;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.SourceImage;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What an image job is charged, from what its provider metered (issue of "the bill is true"): a token-billed offer
 * ({@link TokenRates}) charges the tokens the provider reported for its calls at the offer's rates; a megapixel-billed
 * offer ({@link MegapixelRates}) charges the cost the provider reported for a call where it reports one, else each
 * image's megapixels (made and taken in) at its rates; any other offer, or a metered one whose answer reported nothing,
 * charges its published price per image ({@code table}), the stats saying so. Each call is counted once: the images of
 * one call share one {@link GeneratedImage.Made}.
 */
public final class Charges {
    private Charges() {
    }

    /** A charge and what it was made of. */
    public record Charge(BigDecimal price, Stats.Usage usage) {
        /**
         * This charge for a request sent with a quote: at most {@code cap}, the price quoted (null: none); a provider that metered
         * more than the quote allowed for is charged at the quote, the usage saying so.
         */
        public Charge atMost(BigDecimal cap) {
            if (cap == null || price.compareTo(cap) <= 0) {
                return this;
            }
            Stats.Usage capped = usage == null ? null : new Stats.Usage(usage.basis(), usage.tokens(), usage.rates(), usage.megapixels(), cap,
                    "metered at " + price.toPlainString() + ": charged the price quoted");
            return new Charge(cap, capped);
        }
    }

    /**
     * The charge for {@code made} (the images as delivered) by {@code offer}, whose per-image table gives {@code table} for
     * them all, from {@code sources} (an edit's images; empty for a generation).
     */
    public static Charge of(OfferSpec offer, List<GeneratedImage> made, List<SourceImage> sources, BigDecimal table) {
        if (offer.tokens() != null) {
            TokenUsage total = null;
            for (GeneratedImage.Made call : calls(made)) {
                if (call.tokens() != null) {
                    total = total == null ? call.tokens() : total.plus(call.tokens());
                }
            }
            if (total == null) {
                return new Charge(table, new Stats.Usage("table", null, null, null, table,
                        "the provider reported no token usage: charged at its price per image"));
            }
            BigDecimal price = offer.tokens().cost(total);
            return new Charge(price, new Stats.Usage("tokens", total, offer.tokens(), null, price, null));
        }
        if (offer.megapixels() != null) {
            Set<GeneratedImage.Made> calls = calls(made);
            if (!calls.isEmpty() && calls.stream().allMatch(c -> c.charged() != null) && made.stream().allMatch(i -> i.made() != null)) {
                BigDecimal price = calls.stream().map(GeneratedImage.Made::charged).reduce(BigDecimal.ZERO, BigDecimal::add).stripTrailingZeros();
                return new Charge(price, new Stats.Usage("provider", null, null, megapixels(offer.megapixels(), made, sources), price, null));
            }
            long inputPixels = sources.stream().mapToLong(s -> (long) s.width() * s.height()).sum();
            BigDecimal price = BigDecimal.ZERO;
            for (GeneratedImage image : made) {
                var size = ContentSniffer.dimensions(image.bytes());
                if (size.isEmpty()) {
                    return new Charge(table, new Stats.Usage("table", null, null, null, table, "an image's size is unknown: charged at its price per image"));
                }
                price = price.add(offer.megapixels().cost(size.get().width(), size.get().height(), inputPixels));
            }
            price = price.stripTrailingZeros();
            return new Charge(price, new Stats.Usage("megapixels", null, null, megapixels(offer.megapixels(), made, sources), price, null));
        }
        return new Charge(table, null);
    }

    /** The megapixels made and taken in, as the offer counts them. */
    private static BigDecimal megapixels(MegapixelRates rates, List<GeneratedImage> made, List<SourceImage> sources) {
        BigDecimal total = BigDecimal.ZERO;
        for (GeneratedImage image : made) {
            var size = ContentSniffer.dimensions(image.bytes());
            if (size.isPresent()) {
                total = total.add(rates.megapixels((long) size.get().width() * size.get().height()));
            }
        }
        long inputPixels = sources.stream().mapToLong(s -> (long) s.width() * s.height()).sum();
        return total.add(rates.megapixels(inputPixels)).stripTrailingZeros();
    }

    /** The calls that made the images, each once. */
    private static Set<GeneratedImage.Made> calls(List<GeneratedImage> made) {
        Set<GeneratedImage.Made> calls = Collections.newSetFromMap(new IdentityHashMap<>());
        made.stream().map(GeneratedImage::made).filter(m -> m != null).forEach(calls::add);
        return calls;
    }
}
