package io.mediagate.routing.generation.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.MegapixelRates;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.TokenUsage;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.testing.TestImages;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a job is charged from what its provider metered, against the providers' own published formulas: OpenAI's GPT
 * Image at its token prices ($5 per million text input tokens, $8 image input, $30 image output, gpt-image-2.6-sunburst),
 * BFL's FLUX.2 [pro] per megapixel ($0.03 the first, $0.015 each further one and each input one) or at the cost its
 * answer reports, and the per-image table where nothing was metered.
 */
class ChargesTest {
    private static final TokenRates GPT_IMAGE = new TokenRates(new BigDecimal("5"), new BigDecimal("8"), null, new BigDecimal("30"));
    private static final MegapixelRates FLUX2_PRO = new MegapixelRates(new BigDecimal("0.03"), new BigDecimal("0.015"), new BigDecimal("0.015"), "up");

    private static OfferSpec offer(TokenRates tokens, MegapixelRates megapixels) {
        return new OfferSpec("p", new BigDecimal("0.04"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null, tokens, megapixels, null, null);
    }

    private static void assertMoney(String expected, BigDecimal actual) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), expected + " != " + actual);
    }

    @Test
    void tokensAreChargedAtTheRatesForTheUsageReportedOncePerCall() {
        GeneratedImage.Made call = new GeneratedImage.Made("high", "opaque", null, new TokenUsage(23, 0, 0, 4160), null);
        byte[] png = TestImages.png(8, 8);
        List<GeneratedImage> two = List.of(new GeneratedImage(png, "image/png", null, call), new GeneratedImage(png, "image/png", null, call));
        Charges.Charge charge = Charges.of(offer(GPT_IMAGE, null), two, List.of(), new BigDecimal("0.08"));
        // (23 x $5 + 4160 x $30) / 1,000,000, the call's usage counted once though it made two images
        assertMoney("0.124915", charge.price());
        assertEquals("tokens", charge.usage().basis());
        assertEquals(new TokenUsage(23, 0, 0, 4160), charge.usage().tokens());

        GeneratedImage.Made edit = new GeneratedImage.Made(null, null, null, new TokenUsage(40, 1560, 0, 1056), null);
        assertMoney("0.04436", Charges.of(offer(GPT_IMAGE, null), List.of(new GeneratedImage(png, "image/png", null, edit)), List.of(),
                new BigDecimal("0.04")).price()); // 40 x 5 + 1560 x 8 + 1056 x 30 = 44,360 millionths of a dollar
    }

    @Test
    void aTokenBilledAnswerWithoutUsageIsChargedAtThePerImageTableAndSaysSo() {
        List<GeneratedImage> made = List.of(new GeneratedImage(TestImages.png(8, 8), "image/png", null));
        Charges.Charge charge = Charges.of(offer(GPT_IMAGE, null), made, List.of(), new BigDecimal("0.042"));
        assertMoney("0.042", charge.price());
        assertEquals("table", charge.usage().basis());
        assertEquals("the provider reported no token usage: charged at its price per image", charge.usage().note());
    }

    @Test
    void megapixelsAreCountedAsTheProviderCountsThemOrItsReportedCostIsTaken() {
        List<GeneratedImage> made = List.of(new GeneratedImage(TestImages.png(1024, 1024), "image/png", null));
        // 1,048,576 pixels: 2 megapixels counted up, so $0.03 + 1 x $0.015
        assertMoney("0.045", Charges.of(offer(null, FLUX2_PRO), made, List.of(), new BigDecimal("0.03")).price());
        SourceImage input = new SourceImage(TestImages.png(8, 8), "image/png", 1000, 1000);
        assertMoney("0.06", Charges.of(offer(null, FLUX2_PRO), made, List.of(input), new BigDecimal("0.03")).price());
        MegapixelRates exact = new MegapixelRates(new BigDecimal("0.03"), new BigDecimal("0.015"), null, "exact");
        assertMoney("0.03072864", Charges.of(offer(null, exact), made, List.of(), new BigDecimal("0.03")).price());
        GeneratedImage.Made reported = new GeneratedImage.Made(null, null, null, null, new BigDecimal("0.045"));
        Charges.Charge charge = Charges.of(offer(null, FLUX2_PRO), List.of(new GeneratedImage(TestImages.png(64, 64), "image/png", null, reported)),
                List.of(), new BigDecimal("0.03"));
        assertMoney("0.045", charge.price());
        assertEquals("provider", charge.usage().basis());
    }

    @Test
    void anOfferThatMetersNothingIsChargedItsTable() {
        Charges.Charge charge = Charges.of(offer(null, null), List.of(new GeneratedImage(TestImages.png(8, 8), "image/png", null)), List.of(),
                new BigDecimal("0.04"));
        assertMoney("0.04", charge.price());
        assertNull(charge.usage());
    }
}
