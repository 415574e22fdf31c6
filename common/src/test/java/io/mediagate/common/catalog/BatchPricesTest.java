package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An offer at its batch price: every price, per-size price and metered rate less the provider's batch discount. */
class BatchPricesTest {
    private static final Source PAGE = new Source("https://ai.google.dev/gemini-api/docs/batch-api", LocalDate.of(2026, 11, 29));

    private static OfferSpec offer(BatchTier batch) {
        return new OfferSpec("google-images", new BigDecimal("0.134"), OfferUnit.IMAGE, List.of(), null, null, null, "gemini-3-pro-image",
                Map.of(), Map.of("4096x4096", new BigDecimal("0.24"), "high", new BigDecimal("0.2")),
                new TokenRates(new BigDecimal("2.00"), null, null, new BigDecimal("120")), null, null, null, batch);
    }

    @Test
    void halfOffIsGooglesPublishedBatchPriceAtEverySize() {
        OfferSpec batch = offer(new BatchTier(new BigDecimal("0.5"), PAGE)).atBatchPrices();
        assertEquals(0, new BigDecimal("0.067").compareTo(batch.priceAt("1024x1024")), "Google's $0.067 a 1K/2K image");
        assertEquals(0, new BigDecimal("0.12").compareTo(batch.priceAt("4096x4096")), "Google's $0.12 a 4K image");
        assertEquals(0, new BigDecimal("0.1").compareTo(batch.priceAt(null, "high")));
        assertEquals(0, new BigDecimal("60").compareTo(batch.tokens().imageOutput()), "$60 per million image tokens in a batch");
        assertEquals(0, BigDecimal.ONE.compareTo(batch.tokens().textInput()));
        assertNull(batch.tokens().imageInput(), "a rate the offer does not bill stays unbilled");
        assertNull(batch.batch(), "a batch price has no batch price of its own");
        assertEquals(PAGE, batch.source(), "its prices are dated by the page the batch price was read from");
    }

    @Test
    void anOfferWithoutABatchPriceHasNoneToGive() {
        assertThrows(IllegalStateException.class, () -> offer(null).atBatchPrices());
    }
}
