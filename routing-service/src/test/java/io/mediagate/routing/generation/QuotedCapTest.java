package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.TokenUsage;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.Size;
import io.mediagate.routing.generation.image.Charges;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.ProviderHealth;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request sent with a quote goes only to offers that charge at most its price, and is never charged more. */
class QuotedCapTest {
    private static final ModelSpec MODEL = new ModelSpec("acme/m", "M", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)),
            List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(), List.of(), Instant.EPOCH);

    private static Candidate candidate(String provider, String price) {
        return new Candidate(new OfferSpec(provider, new BigDecimal(price), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null),
                new ProviderSpec(provider, provider, "fake", List.of("image"), true, null, null, Instant.EPOCH), ProviderHealth.UNKNOWN,
                "64x64", null);
    }

    private static Plan plan(Candidate... ranked) {
        return new Plan(MODEL, MODEL.versions().getFirst(), RoutingMode.OPTIMAL, new Parameters.Checked(Map.of(), List.of()),
                Size.of("64x64"), null, List.of(ranked));
    }

    @Test
    void theOffersDearerThanTheQuoteAreLeftOutFallbacksIncluded() {
        Plan plan = plan(candidate("cheap", "0.01"), candidate("dear", "0.05"), candidate("middle", "0.02"));
        assertEquals(List.of("cheap", "middle"), plan.within(new BigDecimal("0.04"), 2, 0, "p").ranked().stream()
                .map(Candidate::providerId).toList(), "two images: 0.02, 0.10 and 0.04 against 0.04");
        assertEquals(3, plan.within(null, 2, 0, "p").ranked().size(), "no quote: every offer");
    }

    @Test
    void whenEveryOfferNowCostsMoreTheRequestIsRefusedSayingBothPrices() {
        ApiException e = assertThrows(ApiException.class, () -> plan(candidate("a", "0.03")).within(new BigDecimal("0.02"), 1, 0, "p"));
        assertEquals(ErrorCode.PRICE_CHANGED, e.code());
        assertEquals(409, e.code().status());
        assertEquals("quote_id", e.param());
        assertEquals(0, new BigDecimal("0.02").compareTo((BigDecimal) e.extra().get("quoted")));
        assertEquals(0, new BigDecimal("0.03").compareTo((BigDecimal) e.extra().get("price")));
    }

    @Test
    void aMeteredChargeAboveTheQuoteIsChargedTheQuoteAndSaysSo() {
        TokenUsage used = new TokenUsage(10, 0, 0, 5000);
        Charges.Charge metered = new Charges.Charge(new BigDecimal("0.15005"),
                new Stats.Usage("tokens", used, new TokenRates(BigDecimal.ONE, null, null, BigDecimal.ONE), null, new BigDecimal("0.15005"), null));
        Charges.Charge capped = metered.atMost(new BigDecimal("0.1"));
        assertEquals(0, new BigDecimal("0.1").compareTo(capped.price()));
        assertEquals(0, new BigDecimal("0.1").compareTo(capped.usage().charge()));
        assertEquals("metered at 0.15005: charged the price quoted", capped.usage().note());
        assertEquals(metered, metered.atMost(new BigDecimal("0.2")), "below the quote: as metered");
        assertEquals(metered, metered.atMost(null), "no quote: as metered");
    }
}
