package io.mediagate.routing.ranking;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Orders the eligible candidates for a routing mode (docs/api-guide.md, "Routing"). The first is tried
 * first; the rest are the fallbacks, in order. Prices compared are what one result costs at each offer
 * ({@link Candidate#rankedCost}: a video's seconds as that provider bills them, an edit's sources where it bills them). Ties everywhere: lower price, then
 * higher recent success rate, then lower latency.
 */
public final class Ranking {
    /** The price band of {@code optimal}: up to 20% above the cheapest fully capable offer. */
    static final BigDecimal OPTIMAL_BAND = new BigDecimal("1.2");

    static final Comparator<Candidate> TIES = Comparator.comparing(Candidate::rankedCost)
            .thenComparing(c -> -c.health().successRate())
            .thenComparingLong(c -> c.health().latencyP50Ms());

    private Ranking() {
    }

    /**
     * @param eligible  candidates that meet the basic requirements (model version, media, size, inputs)
     * @param requested the optional features present in the request
     */
    public static List<Candidate> rank(RoutingMode mode, List<Candidate> eligible, Set<String> requested) {
        List<Candidate> capable = eligible.stream().filter(c -> c.features().containsAll(requested)).toList();
        return switch (mode) {
            case CHEAPEST -> sorted(eligible, TIES);
            case COMPATIBLE, EXPLICIT -> sorted(capable, TIES);
            case OPTIMAL -> capable.isEmpty() ? sorted(eligible, TIES) : optimal(capable);
        };
    }

    /**
     * Within 20% of the cheapest fully capable price, more supported features win; beyond the band,
     * cheapest first. Every capable offer stays in the list as a fallback.
     */
    private static List<Candidate> optimal(List<Candidate> capable) {
        BigDecimal cheapest = capable.stream().map(Candidate::rankedCost).min(Comparator.naturalOrder()).orElseThrow();
        BigDecimal ceiling = cheapest.multiply(OPTIMAL_BAND);
        List<Candidate> inBand = new ArrayList<>();
        List<Candidate> beyond = new ArrayList<>();
        for (Candidate c : capable) {
            (c.rankedCost().compareTo(ceiling) <= 0 ? inBand : beyond).add(c);
        }
        List<Candidate> ranked = new ArrayList<>(sorted(inBand,
                Comparator.<Candidate>comparingInt(c -> -c.features().size()).thenComparing(TIES)));
        ranked.addAll(sorted(beyond, TIES));
        return ranked;
    }

    private static List<Candidate> sorted(List<Candidate> list, Comparator<Candidate> order) {
        return list.stream().sorted(order).toList();
    }
}
