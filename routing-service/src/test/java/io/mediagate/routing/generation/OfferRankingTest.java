package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfferRankingTest {
    private static ProviderSpec provider(String id, boolean enabled) {
        return new ProviderSpec(id, id.toUpperCase(), "local", List.of("image"), enabled, null, null, Instant.EPOCH);
    }

    private static OfferSpec offer(String provider, String price, List<String> versions) {
        return new OfferSpec(provider, new BigDecimal(price), "image", List.of(), versions, null, null);
    }

    private static ResolvedModel model(List<OfferSpec> offers, List<ProviderSpec> providers) {
        ModelSpec m = new ModelSpec("acme/img", "Img", "image", "", List.of(new VersionSpec("1", Instant.EPOCH),
                new VersionSpec("2", Instant.EPOCH.plusSeconds(1))), List.of("64x64"), "64x64", null, List.of("text"),
                List.of(), offers, Instant.EPOCH);
        return new ResolvedModel(m, providers, List.of("a", "b", "c", "d"));
    }

    private final ResolvedModel model = model(
            List.of(offer("a", "0.04", null), offer("b", "0.02", null), offer("c", "0.01", List.of("1")), offer("d", "0.005", null)),
            List.of(provider("a", true), provider("b", true), provider("c", true), provider("d", false)));

    @Test
    void enabledOffersOfTheVersionCheapestFirst() {
        List<Offer> ranked = OfferRanking.rank(model, "2", null, o -> true);
        assertEquals(List.of("b", "a"), ranked.stream().map(o -> o.provider().id()).toList());
        assertEquals(List.of("c", "b", "a"), OfferRanking.rank(model, "1", null, o -> true).stream().map(o -> o.provider().id()).toList());
    }

    @Test
    void anExplicitProviderIsTheOnlyCandidateInAnyCase() {
        assertEquals(List.of("a"), OfferRanking.rank(model, "2", "A", o -> true).stream().map(o -> o.provider().id()).toList());
    }

    @Test
    void explicitProviderErrorsFollowTheContract() {
        assertEquals(ErrorCode.PROVIDER_NOT_FOUND,
                assertThrows(ApiException.class, () -> OfferRanking.rank(model, "2", "zzz", o -> true)).code());
        assertEquals(ErrorCode.UNSUPPORTED_PARAMETER,
                assertThrows(ApiException.class, () -> OfferRanking.rank(model, "2", "c", o -> true)).code());
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE,
                assertThrows(ApiException.class, () -> OfferRanking.rank(model, "2", "d", o -> true)).code());
    }

    @Test
    void noUsableOfferIsNoCompatibleProvider() {
        assertEquals(ErrorCode.NO_COMPATIBLE_PROVIDER,
                assertThrows(ApiException.class, () -> OfferRanking.rank(model, "2", null, o -> false)).code());
    }
}
