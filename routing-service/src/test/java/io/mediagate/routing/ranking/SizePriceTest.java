package io.mediagate.routing.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An offer priced apart at some sizes competes, and charges, at the price of the size asked for. */
class SizePriceTest {
    private static Candidate at(String size, String provider, String price, Map<String, BigDecimal> sizePrices) {
        return new Candidate(new OfferSpec(provider, new BigDecimal(price), OfferUnit.IMAGE, List.of(), null, null, null, null, null, sizePrices),
                new ProviderSpec(provider, provider, "fake", List.of("image"), true, null, null, Instant.EPOCH), ProviderHealth.UNKNOWN, size, null);
    }

    private static List<String> cheapest(String size) {
        List<Candidate> offers = List.of(at(size, "tiered", "0.10", Map.of("4096x4096", new BigDecimal("0.30"))), at(size, "flat", "0.20", null));
        return Ranking.rank(RoutingMode.CHEAPEST, offers, Set.of()).stream().map(Candidate::providerId).toList();
    }

    @Test
    void theCheapestDependsOnTheSizeAskedFor() {
        assertEquals(List.of("tiered", "flat"), cheapest("1024x1024"));
        assertEquals(List.of("flat", "tiered"), cheapest("4096x4096"));
        assertEquals(List.of("tiered", "flat"), cheapest(null), "no size: the base prices");
        assertEquals(0, new BigDecimal("0.30").compareTo(at("4096x4096", "tiered", "0.10", Map.of("4096x4096", new BigDecimal("0.30"))).price()));
    }
}
