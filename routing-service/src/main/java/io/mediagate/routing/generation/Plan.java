package io.mediagate.routing.generation;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.Stats;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What routing decided for one request before any provider is called, the same for images and videos:
 * the model version, the checked parameters, the size (and a video's duration), and the ranked
 * candidates. Prices and stats of the outcome are derived from it the same way for both.
 */
public record Plan(ModelSpec model, VersionSpec version, RoutingMode mode, Parameters.Checked checked, String size,
                   Double duration, List<Candidate> ranked) {

    /** {@code base/model:version}. */
    public String modelSlug() {
        return model.id() + ":" + version.version();
    }

    /** The parameters a candidate is sent: the requested features it supports. */
    public Map<String, Object> params(Candidate candidate) {
        Map<String, Object> params = new LinkedHashMap<>(checked.features());
        params.keySet().retainAll(candidate.features());
        return params;
    }

    /**
     * What the serving offer charges for {@code items} results: per image × items; per second × the seconds its
     * provider was asked for and bills (the duration rounded up to its clip lengths).
     */
    public BigDecimal price(Candidate served, int items) {
        BigDecimal price = "second".equals(served.offer().unit()) && duration != null
                ? served.cost() : served.price().multiply(BigDecimal.valueOf(items));
        return price.signum() == 0 ? price : price.stripTrailingZeros();
    }

    /** What the serving provider was asked for where it differs from the request: a video's rounded duration. */
    public Map<String, Object> applied(Candidate served) {
        Integer billed = served.billedSeconds();
        return billed == null || Math.abs(billed - duration) < 1e-9 ? null : Map.of("duration", billed);
    }

    /**
     * The stats of a generation: setup from receipt to the first provider call, the serving call, and
     * {@code processingMs} spent after it; every attempt, the routing decision and the ignored parameters.
     */
    public Stats stats(AttemptRunner.Outcome<?> outcome, Instant acceptedAt, long processingMs) {
        Candidate served = outcome.served();
        List<String> ignored = new ArrayList<>(checked.undeclared());
        checked.features().keySet().stream().filter(f -> !served.features().contains(f)).forEach(ignored::add);
        List<Stats.Attempt> attempts = outcome.attempts();
        return new Stats(
                Math.max(0, outcome.firstCall().toEpochMilli() - acceptedAt.toEpochMilli()),
                processingMs,
                outcome.servingMs(),
                (int) attempts.stream().filter(a -> !"skipped".equals(a.outcome())).count() - 1,
                served.providerId(),
                attempts,
                new Stats.Routing(mode.wire(), ranked.stream()
                        .map(c -> new Stats.Candidate(c.providerId(), c.price().doubleValue(), c.features())).toList()),
                ignored,
                applied(served));
    }
}
