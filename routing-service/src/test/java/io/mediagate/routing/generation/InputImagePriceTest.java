package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.ProviderHealth;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** xAI bills an edit's input images as well as the images made: so is the caller charged, as the shipped offer says, and so are offers ranked. */
class InputImagePriceTest {
    private static final ModelSpec MODEL = new ModelSpec("xai/grok-imagine-image", "G", "image", "d",
            List.of(new VersionSpec("1", Instant.EPOCH)), List.of("1024x1024"), "1024x1024", null, List.of(Input.TEXT, Input.IMAGE), List.of(),
            List.of(), Instant.EPOCH);
    private static final Plan PLAN = new Plan(MODEL, MODEL.versions().getFirst(), RoutingMode.OPTIMAL,
            new Parameters.Checked(Map.of(), List.of()), io.mediagate.common.values.Size.of("1024x1024"), null, List.of());

    private static Candidate served(OfferSpec offer) {
        return new Candidate(offer, new ProviderSpec(offer.provider(), offer.provider(), "xai", List.of("image"), true, null, null,
                Instant.EPOCH), ProviderHealth.UNKNOWN, "1024x1024", null);
    }

    @Test
    void anEditAtXaiIsChargedItsInputImagesAndAGenerationIsNot() {
        Candidate xai = served(ShippedOffers.offer("xai", "grok-imagine-image"));
        assertEquals(0, new BigDecimal("0.046").compareTo(PLAN.price(xai, 2, 3)), "2 images made and 3 sources: " + PLAN.price(xai, 2, 3));
        assertEquals(0, new BigDecimal("0.04").compareTo(PLAN.price(xai, 2)));
    }

    @Test
    void anOfferWithoutAnInputPriceChargesTheImagesMadeOnly() {
        Candidate plain = served(new OfferSpec("p", new BigDecimal("0.04"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null));
        assertEquals(0, new BigDecimal("0.04").compareTo(PLAN.price(plain, 1, 3)));
    }

    @Test
    void rankingComparesWhatTheEditCostsWithItsSourcesNotThePerImagePriceAlone() {
        OfferSpec billsSources = new OfferSpec("a", new BigDecimal("0.02"), OfferUnit.IMAGE, List.of(), null, null, null, "m",
                Map.of("inputImagePrice", "0.01"), null);
        OfferSpec flat = new OfferSpec("b", new BigDecimal("0.025"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null);
        ProviderSpec provider = new ProviderSpec("p", "p", "xai", List.of("image"), true, null, null, Instant.EPOCH);
        java.util.function.IntFunction<List<String>> cheapest = sources -> io.mediagate.routing.ranking.Ranking.rank(RoutingMode.CHEAPEST,
                List.of(new Candidate(billsSources, provider, ProviderHealth.UNKNOWN, "1024x1024", null, sources),
                        new Candidate(flat, provider, ProviderHealth.UNKNOWN, "1024x1024", null, sources)), java.util.Set.of())
                .stream().map(c -> c.offer().provider()).toList();
        assertEquals(List.of("a", "b"), cheapest.apply(0), "a generation: 0.02 before 0.025");
        assertEquals(List.of("b", "a"), cheapest.apply(2), "an edit of two sources: 0.04 at a, 0.025 at b");
    }
}
