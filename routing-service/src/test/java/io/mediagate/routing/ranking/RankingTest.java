package io.mediagate.routing.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Table-driven: each row is offers, requested features, mode, and the expected order of providers. */
public class RankingTest {
    /** "a:0.040:seed,style" = provider a at $0.040 supporting seed and style; "@0.9/800" adds health. */
    public static Candidate c(String spec) {
        String[] healthSplit = spec.split("@");
        String[] p = healthSplit[0].split(":");
        List<String> features = p.length > 2 && !p[2].isEmpty() ? Arrays.asList(p[2].split(",")) : List.of();
        ProviderHealth health = ProviderHealth.UNKNOWN;
        if (healthSplit.length > 1) {
            String[] h = healthSplit[1].split("/");
            health = new ProviderHealth(Double.parseDouble(h[0]), Long.parseLong(h[1]));
        }
        return new Candidate(new OfferSpec(p[0], new BigDecimal(p[1]), OfferUnit.IMAGE, features, null, null, null, null, null, null),
                new ProviderSpec(p[0], p[0], "fake", List.of("image"), true, null, null, Instant.EPOCH), health, null, null);
    }

    static Stream<Arguments> table() {
        return Stream.of(
                // cheapest: price only, features ignored
                Arguments.of("cheapest ignores features", RoutingMode.CHEAPEST, "seed",
                        List.of("a:0.04:seed", "b:0.02:", "c:0.03:seed"), List.of("b", "c", "a")),
                // compatible: only offers with every requested feature, cheapest first
                Arguments.of("compatible filters", RoutingMode.COMPATIBLE, "seed,style",
                        List.of("a:0.04:seed,style", "b:0.02:seed", "c:0.05:seed,style"), List.of("a", "c")),
                Arguments.of("compatible with none", RoutingMode.COMPATIBLE, "style",
                        List.of("a:0.04:seed", "b:0.02:"), List.of()),
                // optimal: capable offers; within 20% of the cheapest capable, more features win
                Arguments.of("optimal prefers features within 20%", RoutingMode.OPTIMAL, "seed",
                        List.of("a:0.100:seed", "b:0.119:seed,style,steps", "c:0.090:"), List.of("b", "a")),
                Arguments.of("optimal 20% boundary is inclusive", RoutingMode.OPTIMAL, "seed",
                        List.of("a:0.100:seed", "b:0.120:seed,style"), List.of("b", "a")),
                Arguments.of("optimal just past 20% stays cheapest", RoutingMode.OPTIMAL, "seed",
                        List.of("a:0.100:seed", "b:0.1201:seed,style"), List.of("a", "b")),
                Arguments.of("optimal without capable offers behaves as cheapest", RoutingMode.OPTIMAL, "style",
                        List.of("a:0.04:seed", "b:0.02:"), List.of("b", "a")),
                Arguments.of("optimal equal features: lower price", RoutingMode.OPTIMAL, "",
                        List.of("a:0.11:seed", "b:0.10:style"), List.of("b", "a")),
                // ties: price, then success rate, then latency
                Arguments.of("ties go to the healthier", RoutingMode.CHEAPEST, "",
                        List.of("a:0.05:@0.80/100", "b:0.05:@0.99/900"), List.of("b", "a")),
                Arguments.of("then to the faster", RoutingMode.CHEAPEST, "",
                        List.of("a:0.05:@0.99/900", "b:0.05:@0.99/100"), List.of("b", "a")),
                Arguments.of("optimal ties on features go to price then health", RoutingMode.OPTIMAL, "",
                        List.of("a:0.10:seed@0.5/10", "b:0.10:style@0.9/10", "c:0.11:steps"), List.of("b", "a", "c")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void ranksAsTheContractSays(String name, RoutingMode mode, String requested, List<String> offers, List<String> expected) {
        Set<String> features = requested.isEmpty() ? Set.of() : Set.of(requested.split(","));
        List<Candidate> ranked = Ranking.rank(mode, offers.stream().map(RankingTest::c).toList(), features);
        assertEquals(expected, ranked.stream().map(Candidate::providerId).toList());
    }
}
