package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.values.Size;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an offer charges before a job runs: the table a job is settled at, and the span a metered offer may fall in. */
class OfferChargesTest {
    private static final Size SQUARE = Size.of("1024x1024");

    private static OfferSpec offer(String price, OfferUnit unit, Map<String, String> options, Map<String, BigDecimal> sizePrices,
                                   TokenRates tokens, MegapixelRates megapixels) {
        return new OfferSpec("p", new BigDecimal(price), unit, List.of(), null, null, null, "m", options, sizePrices, tokens, megapixels,
                null, null);
    }

    private static void same(String expected, BigDecimal actual) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), "expected " + expected + ", was " + actual);
    }

    @Test
    void aTablePriceIsPerImageTimesTheImagesAtTheSizeAndQualityAskedPlusTheSourcesBilled() {
        OfferSpec offer = offer("0.04", OfferUnit.IMAGE, Map.of("inputImagePrice", "0.002"),
                Map.of("1536x1024", new BigDecimal("0.06"), "high 1536x1024", new BigDecimal("0.17")), null, null);
        same("0.08", OfferCharges.table(offer, new OfferCharges.Ask(SQUARE, null, null, 2, 0, 0)));
        same("0.346", OfferCharges.table(offer, new OfferCharges.Ask(Size.of("1536x1024"), "high", null, 2, 3, 0)));
        OfferCharges.Range exact = OfferCharges.range(offer, new OfferCharges.Ask(Size.of("1536x1024"), "high", null, 2, 3, 0));
        assertTrue(exact.exact(), "a quality asked, a table price: one price");
        same("0.346", exact.high());
    }

    @Test
    void aQualityLeftToTheProviderSpansItsCheapestToItsDearestPrice() {
        OfferSpec offer = offer("0.04", OfferUnit.IMAGE, null,
                Map.of("low", new BigDecimal("0.01"), "high", new BigDecimal("0.17")), null, null);
        OfferCharges.Range range = OfferCharges.range(offer, new OfferCharges.Ask(SQUARE, null, null, 3, 0, 0));
        same("0.03", range.low());
        same("0.51", range.high());
        same("0.12", OfferCharges.table(offer, new OfferCharges.Ask(SQUARE, null, null, 3, 0, 0)));
    }

    @Test
    void aVideoIsChargedTheSecondsItsProviderMakesRoundedUpToItsClips() {
        OfferSpec clips = offer("0.05", OfferUnit.SECOND, Map.of("durations", "4,8"), null, null, null);
        OfferCharges.Ask five = new OfferCharges.Ask(Size.of("1280x720"), null, 5.0, 1, 0, 0);
        same("0.4", OfferCharges.table(clips, five));
        assertTrue(OfferCharges.range(clips, five).exact());
        same("0.2", OfferCharges.table(clips, new OfferCharges.Ask(Size.of("1280x720"), null, 4.0, 1, 0, 0)));
    }

    @Test
    void aTokenBilledOfferReachesFromItsTableToThePromptAndSourcesAtMost() {
        TokenRates rates = new TokenRates(new BigDecimal("5"), new BigDecimal("8"), null, new BigDecimal("30"));
        OfferSpec offer = offer("0.03168", OfferUnit.IMAGE, null,
                Map.of("low", new BigDecimal("0.00816"), "high", new BigDecimal("0.1248")), rates, null);
        OfferCharges.Range range = OfferCharges.range(offer, new OfferCharges.Ask(SQUARE, "medium", null, 2, 1, 900));
        same("0.06336", range.low());
        // two at medium, 1,000 text tokens (900 bytes and the framing) at $5/M, one source as a high picture
        same("0.06336", range.high().subtract(new BigDecimal("0.005")).subtract(new BigDecimal("0.1248")));
        // and what a provider metering as the catalog says charges falls inside
        BigDecimal metered = rates.cost(new TokenUsage(240, 1056, 0, 2 * 1056));
        assertTrue(range.low().compareTo(metered) <= 0 && metered.compareTo(range.high()) <= 0, metered + " in " + range);
    }

    @Test
    void aMegapixelBilledOfferChargesThePicturesMegapixelsWhereTheyPassItsTable() {
        MegapixelRates rates = new MegapixelRates(new BigDecimal("0.03"), new BigDecimal("0.015"), new BigDecimal("0.015"), "up");
        OfferSpec offer = offer("0.03", OfferUnit.IMAGE, null, null, null, rates);
        // 1024x1024 is 1.05 MP, counted up to 2: 0.03 + 0.015; an input of the same size, 2 MP more at 0.015
        OfferCharges.Range range = OfferCharges.range(offer, new OfferCharges.Ask(SQUARE, null, null, 1, 1, 0));
        same("0.03", range.low());
        same("0.075", range.high());
    }
}
