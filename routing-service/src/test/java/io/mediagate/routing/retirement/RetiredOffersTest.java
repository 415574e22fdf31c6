package io.mediagate.routing.retirement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.RankingTest;
import io.mediagate.testing.ManualClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetiredOffersTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-25T00:00:00Z"));
    private final RetiredOffers retired = new RetiredOffers(clock, Duration.ofHours(1));

    private static ResolvedModel model(Map<String, Retirement> known) {
        List<OfferSpec> offers = List.of("a", "b").stream().map(p -> new OfferSpec(p, new BigDecimal("0.01"), OfferUnit.IMAGE, List.of(),
                null, null, null, "m", null, null)).toList();
        ModelSpec spec = new ModelSpec("acme/m", "M", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)),
                List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(), offers, Instant.EPOCH);
        return new ResolvedModel(spec, List.of(), List.of("a", "b"), Map.of(), known);
    }

    @Test
    void aGoneAnswerRetiresTheOfferAtOnceAndOnlyThatOne() {
        var call = retired.watching("acme/m", c -> { throw ProviderException.gone("404"); });
        assertThrows(ProviderException.class, () -> call.apply(RankingTest.c("a:0.01:")));
        ResolvedModel merged = retired.merged(model(Map.of()));
        assertEquals(List.of("a"), List.copyOf(merged.retired().keySet()));
        assertTrue(merged.retired().get("a").reason().contains("404"));
    }

    @Test
    void otherFailuresRetireNothing() {
        var call = retired.watching("acme/m", c -> { throw ProviderException.failed("503"); });
        assertThrows(ProviderException.class, () -> call.apply(RankingTest.c("a:0.01:")));
        assertTrue(retired.merged(model(Map.of())).retired().isEmpty());
    }

    @Test
    void aLocalRetirementLapsesOnceTheCatalogKnowsOrAfterItsTime() {
        retired.retire("acme/m", "a", "404");
        Retirement known = new Retirement("acme/m", "a", "catalog", clock.instant());
        assertEquals("catalog", retired.merged(model(Map.of("a", known))).retired().get("a").reason());
        assertTrue(retired.merged(model(Map.of())).retired().isEmpty(), "the catalog reinstated it (a check found it)");
        retired.retire("acme/m", "b", "404");
        clock.advance(Duration.ofMinutes(61));
        assertTrue(retired.merged(model(Map.of())).retired().isEmpty());
    }
}
