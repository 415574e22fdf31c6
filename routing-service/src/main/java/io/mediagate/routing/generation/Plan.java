package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferCharges;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.Size;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What routing decided for one request before any provider is called, the same for images and videos:
 * the model version, the checked parameters, the size (and a video's duration), the ranked
 * candidates and an image's options; {@code upgradedFrom}, the retired model the request named when its replacement
 * serves it. Prices and stats of the outcome are derived from it the same way for both.
 */
public record Plan(ModelSpec model, VersionSpec version, RoutingMode mode, Parameters.Checked checked, Size size,
                   Double duration, List<Candidate> ranked, ImageOptions options, String upgradedFrom) {

    public Plan(ModelSpec model, VersionSpec version, RoutingMode mode, Parameters.Checked checked, Size size, Double duration,
                List<Candidate> ranked) {
        this(model, version, mode, checked, size, duration, ranked, ImageOptions.NONE, null);
    }

    public Plan(ModelSpec model, VersionSpec version, RoutingMode mode, Parameters.Checked checked, Size size, Double duration,
                List<Candidate> ranked, ImageOptions options) {
        this(model, version, mode, checked, size, duration, ranked, options, null);
    }

    /** {@code base/model:version}. */
    public String modelSlug() {
        return model.id() + ":" + version.version();
    }

    /**
     * The parameters a candidate is sent: the requested features it supports, and the image options it declares (the rest of
     * them, a format or an opaque background, are made by converting its result).
     */
    public Map<String, Object> params(Candidate candidate) {
        Map<String, Object> params = new LinkedHashMap<>(checked.features());
        options.asked().forEach(params::putIfAbsent);
        params.keySet().retainAll(candidate.features());
        return params;
    }

    /**
     * What the serving offer charges for {@code items} results: per image × items; per second × the seconds its
     * provider was asked for and bills (the duration rounded up to its clip lengths).
     */
    public BigDecimal price(Candidate served, int items) {
        return price(served, items, 0);
    }

    /** As {@link #price(Candidate, int)} for an edit or variation of {@code inputImages} sources, which some providers bill too. */
    public BigDecimal price(Candidate served, int items, int inputImages) {
        return OfferCharges.table(served.offer(), ask(served, items, inputImages, null));
    }

    /**
     * The least and most {@code candidate} may charge for {@code items} results from {@code inputImages} sources and
     * {@code prompt} ({@link OfferCharges#range}): exact for a table price, a span for a metered offer or a quality left to the
     * provider.
     */
    public OfferCharges.Range range(Candidate candidate, int items, int inputImages, String prompt) {
        return OfferCharges.range(candidate.offer(), ask(candidate, items, inputImages, prompt));
    }

    /**
     * This plan's candidates that charge at most {@code cap} ({@link #range}'s high), for a request sent with a quote; none left is
     * 409 {@code price_changed}: its price rose since it was quoted.
     */
    public Plan within(BigDecimal cap, int items, int inputImages, String prompt) {
        if (cap == null) {
            return this;
        }
        List<Candidate> kept = ranked.stream().filter(c -> range(c, items, inputImages, prompt).high().compareTo(cap) <= 0).toList();
        if (kept.isEmpty()) {
            BigDecimal now = range(ranked.getFirst(), items, inputImages, prompt).high();
            throw new ApiException(ErrorCode.PRICE_CHANGED, "this request was quoted at " + cap.toPlainString() + " USD and would now cost up to "
                    + now.toPlainString() + " USD; ask for a new quote (POST /v1/quotes)", "quote_id",
                    Map.of("quoted", cap, "price", now));
        }
        return new Plan(model, version, mode, checked, size, duration, kept, options, upgradedFrom);
    }

    private OfferCharges.Ask ask(Candidate candidate, int items, int inputImages, String prompt) {
        return new OfferCharges.Ask(candidate.size() == null ? null : size, candidate.quality(), candidate.seconds(), items, inputImages,
                prompt == null ? 0 : prompt.getBytes(StandardCharsets.UTF_8).length);
    }

    /** What {@code candidate} is asked to make for {@code request}: its model, options, prompt, size, count and parameters. */
    public ImageTask imageTask(Candidate candidate, GenerationRequest request, TaskControl control) {
        return new ImageTask(candidate.offer().upstreamModel(), candidate.offer().options(), version.version(), request.prompt(),
                size.width(), size.height(), request.n(), params(candidate), control);
    }

    /** Fields every caller names in the provider's own words as well: a refusal naming one is the caller's. */
    private static final Set<String> CALLER_FIELDS = Set.of("prompt", "image", "images", "image_url", "mask", "n");

    /**
     * {@code call}, with a provider's refusal of the request as invalid judged: it passed our own validation, so unless
     * the provider names a field the caller set (the prompt, an input image or mask, {@code n}, a requested feature), our
     * translation for that offer is at fault and the next offer is tried ({@code rejected}).
     */
    public <T> Function<Candidate, T> judging(Function<Candidate, T> call) {
        return candidate -> {
            try {
                return call.apply(candidate);
            } catch (ProviderException e) {
                boolean callers = e.param() != null && (CALLER_FIELDS.contains(e.param()) || checked.features().containsKey(e.param())
                        || options.asked().containsKey(e.param()));
                if (e.failure() == FailureClass.CALLER_ERROR && e.code() == ErrorCode.INVALID_REQUEST && !callers) {
                    throw e.offersFault();
                }
                throw e;
            }
        };
    }

    /**
     * What the serving provider was asked for where it differs from the request: a video's rounded duration, and the model
     * that served a request naming a retired one it replaces ({@code upgradedFrom}).
     */
    public Map<String, Object> applied(Candidate served) {
        Map<String, Object> applied = new LinkedHashMap<>();
        Integer billed = served.billedSeconds();
        if (billed != null && Math.abs(billed - duration) >= 1e-9) {
            applied.put("duration", billed);
        }
        if (upgradedFrom != null) {
            applied.put("model", model.id());
        }
        return applied.isEmpty() ? null : Map.copyOf(applied);
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
                (int) attempts.stream().filter(Stats.Attempt::called).count() - 1,
                served.providerId(),
                attempts,
                new Stats.Routing(mode.wire(), ranked.stream()
                        .map(c -> new Stats.CandidateSummary(c.providerId(), c.price().doubleValue(), c.features())).toList()),
                ignored,
                applied(served));
    }
}
