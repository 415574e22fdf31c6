package io.mediagate.routing.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A video offer competes, and is eligible, by the clip its provider makes for the duration asked. */
class DurationPriceTest {
    private static OfferSpec offer(String provider, String price, String clips) {
        return new OfferSpec(provider, new BigDecimal(price), OfferUnit.SECOND, List.of(), null, null, null, "m",
                clips == null ? null : Map.of("durations", clips), null);
    }

    private static Candidate candidate(OfferSpec offer, Double seconds) {
        return new Candidate(offer, new ProviderSpec(offer.provider(), offer.provider(), "fake", List.of("video"), true, null, null,
                Instant.EPOCH), ProviderHealth.UNKNOWN, "720p", seconds);
    }

    private static List<String> cheapest(double seconds) {
        List<Candidate> offers = List.of(candidate(offer("clips", "0.05", "4,8"), seconds), candidate(offer("exact", "0.07", null), seconds));
        return Ranking.rank(RoutingMode.CHEAPEST, offers, Set.of()).stream().map(Candidate::providerId).toList();
    }

    @Test
    void theCheaperBillWinsNotTheLowerPricePerSecond() {
        assertEquals(List.of("exact", "clips"), cheapest(5), "8 s × 0.05 = 0.40 against 5 s × 0.07 = 0.35");
        assertEquals(List.of("clips", "exact"), cheapest(4), "4 s × 0.05 = 0.20 against 0.28");
    }

    @Test
    void aCandidateBillsTheRoundedSeconds() {
        Candidate veo = candidate(offer("veo", "0.40", "4,6,8"), 5.0);
        assertEquals(6, veo.billedSeconds());
        assertEquals(0, new BigDecimal("2.40").compareTo(veo.cost()));
        Candidate image = new Candidate(new OfferSpec("i", new BigDecimal("0.04"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null),
                candidate(offer("x", "1", null), null).provider(), ProviderHealth.UNKNOWN, null, null);
        assertNull(image.billedSeconds());
        assertEquals(0, new BigDecimal("0.04").compareTo(image.cost()));
    }

    @Test
    void anOfferWhoseLongestClipIsShorterThanAskedIsNotEligible() {
        ModelSpec model = new ModelSpec("a/v", "V", "video", "", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("720p"), "720p",
                new DurationSpec(1, 10, 5), List.of(Input.TEXT), List.of(), List.of(), Instant.EPOCH);
        Eligibility.Need tenSeconds = new Eligibility.Need("1", "720p", 10.0, null, false, false);
        assertEquals("duration", Eligibility.unmet(model, offer("vidu", "0.08", "5"), tenSeconds));
        assertNull(Eligibility.unmet(model, offer("kling", "0.07", "5,10"), tenSeconds));
        assertNull(Eligibility.unmet(model, offer("any", "0.07", null), tenSeconds));
    }
}
