package io.mediagate.routing.quotes;

import io.mediagate.common.catalog.OfferCharges;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.quotes.QuotedPlan;
import io.mediagate.common.values.MediaKind;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.generation.Planner;
import io.mediagate.routing.generation.video.VideoGeneration;
import io.mediagate.routing.ranking.Candidate;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request's quote: planned as its job would be ({@link Planner}; a video utility fitted to its source video), each ranked
 * candidate priced by the plan's own rule ({@link Plan#range}, the table part of which is {@link Plan#price}, what the job is
 * settled at), with what it would be asked to make and its provider's recent latencies. No provider is called and nothing is
 * reserved or kept.
 */
@ApplicationScoped
public class Quoting {
    private final Planner planner;
    private final VideoGeneration videos;

    Quoting(Planner planner, VideoGeneration videos) {
        this.planner = planner;
        this.videos = videos;
    }

    public QuotedPlan quote(GenerationRequest asked) {
        GenerationRequest request = asked.kind() == MediaKind.VIDEO ? videos.planned(asked) : asked;
        Plan plan = planner.plan(request);
        List<QuotedPlan.Offer> offers = plan.ranked().stream()
                .map(c -> offer(plan, c, Planner.items(request), Planner.inputImages(request), request.prompt())).toList();
        return new QuotedPlan(plan.modelSlug(), plan.mode().wire(), offers);
    }

    private static QuotedPlan.Offer offer(Plan plan, Candidate candidate, int items, int inputs, String prompt) {
        OfferCharges.Range range = plan.range(candidate, items, inputs, prompt);
        String metered = candidate.offer().tokens() != null ? "tokens" : candidate.offer().megapixels() != null ? "megapixels" : null;
        return new QuotedPlan.Offer(candidate.providerId(), range.high(), range.exact() ? null : range,
                metered, applied(plan, candidate), new QuotedPlan.Eta(candidate.health().median(), candidate.health().latencyP95Ms()));
    }

    /** What the offer would be asked to make: the size, a video's seconds as its provider bills them, the model serving a retired one. */
    private static Map<String, Object> applied(Plan plan, Candidate candidate) {
        Map<String, Object> applied = new LinkedHashMap<>();
        if (candidate.size() != null) {
            applied.put("size", candidate.size());
        }
        if (candidate.billedSeconds() != null) {
            applied.put("duration", candidate.billedSeconds());
        }
        Map<String, Object> differs = plan.applied(candidate);
        if (differs != null && differs.containsKey("model")) {
            applied.put("model", differs.get("model"));
        }
        return applied;
    }
}
