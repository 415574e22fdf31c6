package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.Retirement;
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
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A retired offer is never routed to: routing takes the next, an explicit request for it is 503 with the reason, and a
 * model with none left is 410.
 */
class RetiredCandidatesTest {
    private static final Candidates.Operation GENERATE = new Candidates.Operation(p -> true, p -> Set.of());
    private static final Eligibility.Need NEED = Eligibility.Need.of("1", "64x64");
    private static final Parameters.Checked NONE = new Parameters.Checked(Map.of(), List.of());

    private static ResolvedModel model(Map<String, Retirement> retired) {
        List<ProviderSpec> providers = List.of("cheap", "dear").stream()
                .map(p -> new ProviderSpec(p, p, "openai", List.of("image"), true, null, null, Instant.EPOCH)).toList();
        List<OfferSpec> offers = List.of(new OfferSpec("cheap", new BigDecimal("0.01"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null),
                new OfferSpec("dear", new BigDecimal("0.05"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null));
        ModelSpec spec = new ModelSpec("acme/m", "M", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)),
                List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(), offers, Instant.EPOCH);
        return new ResolvedModel(spec, providers, List.of("cheap", "dear"), Map.of(), retired);
    }

    private static Retirement gone(String provider) {
        return new Retirement("acme/m", provider, provider + " answered 404", Instant.EPOCH);
    }

    @Test
    void theCheapestRetiredOfferIsPassedOver() {
        List<Candidate> ranked = Candidates.rank(model(Map.of("cheap", gone("cheap"))), RoutingMode.CHEAPEST, null, NEED, NONE,
                GENERATE, id -> false);
        assertEquals(List.of("dear"), ranked.stream().map(Candidate::providerId).toList());
    }

    @Test
    void anExplicitRequestForARetiredOfferIs503WithTheReason() {
        ApiException e = assertThrows(ApiException.class, () -> Candidates.rank(model(Map.of("cheap", gone("cheap"))),
                RoutingMode.EXPLICIT, "cheap", NEED, NONE, GENERATE, id -> false));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertTrue(e.getMessage().contains("retired") && e.getMessage().contains("404"), e.getMessage());
    }

    @Test
    void aModelWhoseEveryOfferIsRetiredIs410NotNoCompatibleProvider() {
        ResolvedModel gone = model(Map.of("cheap", gone("cheap"), "dear", gone("dear")));
        ApiException e = assertThrows(ApiException.class, () -> io.mediagate.routing.retirement.ModelUpgrades.choose(gone, true,
                id -> { throw new AssertionError("no replacement to look up"); }, Instant.EPOCH));
        assertEquals(ErrorCode.MODEL_RETIRED, e.code());
        assertTrue(e.getMessage().startsWith("no provider of acme/m has it any more: cheap answered 404"), e.getMessage());
    }
}
