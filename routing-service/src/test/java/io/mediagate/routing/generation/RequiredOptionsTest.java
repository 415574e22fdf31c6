package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An image option only a provider can do (a transparent background, a quality) is never dropped: in every routing mode only
 * offers declaring it serve; none at all is a 400 naming it; an explicit provider without it is 422. Quality sets the price.
 */
class RequiredOptionsTest {
    private static final Candidates.Operation GENERATE = new Candidates.Operation(p -> true, p -> java.util.Set.of());
    private static final Eligibility.Need NEED = Eligibility.Need.of("1", "1024x1024");
    private static final Parameters.Checked TRANSPARENT = new Parameters.Checked(Map.of(), List.of())
            .requiring(Map.of("background", "transparent"));

    private static ProviderSpec provider(String id) {
        return new ProviderSpec(id, id, "local", List.of("image"), true, null, null, Instant.EPOCH);
    }

    private static OfferSpec offer(String provider, String price, List<String> features, Map<String, BigDecimal> prices) {
        return new OfferSpec(provider, new BigDecimal(price), OfferUnit.IMAGE, features, null, null, null, null, null, prices);
    }

    private static ResolvedModel model(OfferSpec... offers) {
        ModelSpec model = new ModelSpec("acme/pic", "Pic", "image", "", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("1024x1024"),
                "1024x1024", null, List.of(Input.TEXT), List.of(), List.of(offers), Instant.EPOCH);
        List<ProviderSpec> providers = java.util.Arrays.stream(offers).map(o -> provider(o.provider())).toList();
        return new ResolvedModel(model, providers, providers.stream().map(ProviderSpec::id).toList(), Map.of());
    }

    private static final ResolvedModel TWO = model(offer("plain", "0.01", List.of(), null), offer("alpha", "0.05", List.of("background"), null));

    @Test
    void inEveryModeOnlyAnOfferThatMakesItServes() {
        for (RoutingMode mode : List.of(RoutingMode.CHEAPEST, RoutingMode.OPTIMAL, RoutingMode.COMPATIBLE)) {
            List<Candidate> ranked = Candidates.rank(TWO, mode, null, NEED, TRANSPARENT, GENERATE, id -> false);
            assertEquals(List.of("alpha"), ranked.stream().map(Candidate::providerId).toList(), mode + " does not fall back to plain");
        }
    }

    @Test
    void noOfferMakingItIsTheCallersErrorNamingIt() {
        ApiException e = assertThrows(ApiException.class, () -> Candidates.rank(model(offer("plain", "0.01", List.of(), null)),
                RoutingMode.CHEAPEST, null, NEED, TRANSPARENT, GENERATE, id -> false));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals("background", e.param());
    }

    @Test
    void anOfferThatMakesItButIsDownIsNoCompatibleProvider() {
        ApiException e = assertThrows(ApiException.class, () -> Candidates.rank(TWO, RoutingMode.OPTIMAL, null, NEED, TRANSPARENT, GENERATE,
                "alpha"::equals));
        assertEquals(ErrorCode.NO_COMPATIBLE_PROVIDER, e.code());
    }

    @Test
    void anExplicitProviderWithoutItIsRefusedNamingIt() {
        ApiException e = assertThrows(ApiException.class, () -> Candidates.rank(TWO, RoutingMode.EXPLICIT, "plain", NEED, TRANSPARENT,
                GENERATE, id -> false));
        assertEquals(ErrorCode.UNSUPPORTED_PARAMETER, e.code());
        assertEquals("background", e.param());
    }

    @Test
    void theQualityAskedSetsThePriceComparedAndCharged() {
        Map<String, BigDecimal> prices = Map.of("high", new BigDecimal("0.167"), "low 1024x1024", new BigDecimal("0.011"));
        ResolvedModel priced = model(offer("openai", "0.042", List.of("quality"), prices));
        Parameters.Checked high = new Parameters.Checked(Map.of(), List.of()).requiring(Map.of("quality", "high"));
        Eligibility.Need atHigh = new Eligibility.Need("1", "1024x1024", null, null, false, false, 0, "high");
        Candidate candidate = Candidates.rank(priced, RoutingMode.OPTIMAL, null, atHigh, high, GENERATE, id -> false).getFirst();
        assertEquals(new BigDecimal("0.167"), candidate.price());
        assertEquals(new BigDecimal("0.011"), candidate.madeAt("low").price());
        assertEquals(new BigDecimal("0.042"), candidate.madeAt("medium").price(), "medium is the base price");
    }
}
