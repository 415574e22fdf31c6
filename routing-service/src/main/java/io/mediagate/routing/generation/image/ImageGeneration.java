package io.mediagate.routing.generation.image;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.PartialImage;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.Size;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.routing.adapters.Adapters;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.generation.AttemptEvents;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.generation.Planner;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.JobEvents;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.jobs.PartialImages;
import io.mediagate.routing.providerbatches.ProviderBatching;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.PictureScaler;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.retirement.RetiredOffers;
import io.mediagate.routing.reuse.Reuse;
import io.mediagate.routing.signing.ImageSigning;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Runs one image generation, edit or variation: the plan ({@link Planner}), for an edit or variation its
 * source images ({@link EditSources}), provider calls (retries, fallback, circuit breakers), the results made what the
 * caller asked for ({@link ImageDelivery}), signed ({@link ImageSigning}) and kept ({@link ImageResults}), price and stats. A batch
 * line answered by its provider's batch API ({@link ProviderBatching}) is made from that answer, without a call, at the
 * offer's batch price; {@code stats.batch} says which way a line was made. A seeded request asking to reuse is answered with its
 * account's stored result of the same terms where there is one ({@link Reuse}), and a result made by a deterministic offer is
 * remembered for later ones.
 */
@ApplicationScoped
public class ImageGeneration {
    private final Planner planner;
    private final Adapters adapters;
    private final AttemptRunner runner;
    private final ImageResults results;
    private final EditSources editSources;
    private final Jobs jobs;
    private final Clock clock;
    private final RetiredOffers retired;
    private final ImageDelivery delivery;
    private final PartialImages partials;
    private final JobEvents events;
    private final ImageSigning credentials;
    private final ProviderBatching batching;
    private final PictureScaler scaler;
    private final Reuse reuse;

    ImageGeneration(Planner planner, Adapters adapters, AttemptRunner runner, ImageResults results, EditSources editSources,
                    Jobs jobs, Clock clock, RetiredOffers retired, ImageDelivery delivery, PartialImages partials, JobEvents events,
                    ImageSigning credentials, ProviderBatching batching, PictureScaler scaler, Reuse reuse) {
        this.reuse = reuse;
        this.scaler = scaler;
        this.batching = batching;
        this.credentials = credentials;
        this.events = events;
        this.partials = partials;
        this.retired = retired;
        this.delivery = delivery;
        this.planner = planner;
        this.adapters = adapters;
        this.runner = runner;
        this.results = results;
        this.editSources = editSources;
        this.jobs = jobs;
        this.clock = clock;
    }

    public GenerationReply run(GenerationRequest request) {
        Plan plan = planner.plan(request);
        // a batch line its provider's batch API has answered: made by that offer, at its batch price, with no call
        Optional<ProviderBatching.Answered> answered = batching.answered(request, plan);
        EditSources.Loaded sources = request.sources() == null ? null : editSources.load(request);
        if (request.options().partialImages() != null) {
            // a streamed job: its stream may open now that the request is checked and routed
            partials.send(PartialImage.started(request.jobId()));
        }
        // a seeded request asking to reuse: its account's stored result of the same terms, when there is one, with no call
        String terms = reuse.terms(request, plan, sources == null ? List.of() : sources.images(), sources == null ? null : sources.mask());
        Optional<GenerationReply> reused = answered.isPresent() ? Optional.empty() : reuse.reused(request, plan, terms);
        if (reused.isPresent()) {
            return reused.get();
        }
        AttemptRunner watched = runner.watching(new AttemptEvents(events, request.jobId()));
        AttemptRunner.Outcome<List<GeneratedImage>> outcome = answered.isPresent() ? answered.get().outcome(clock.instant())
                : planner.attempted(plan, () -> watched.run(plan.ranked(), request.acceptedAt(), request.provider() != null,
                retired.watching(plan.model().id(), plan.judging(candidate -> {
                    String adapter = candidate.provider().adapter();
                    ImageTask task = plan.imageTask(candidate, request, new JobControl(jobs, request.jobId(), request.options().partials(), partials));
                    if (sources == null) {
                        return adapters.images(adapter).orElseThrow().generate(candidate.provider(), task);
                    }
                    if (request.sources().utility()) {
                        SourceImage source = sources.images().getFirst();
                        Size target = UtilitySizes.target(request, source, task.params());
                        String operation = request.sources().operation();
                        List<GeneratedImage> done = adapters.utilities(adapter).orElseThrow().apply(candidate.provider(), operation,
                                task.sized(target.width(), target.height()), source);
                        // a provider upscaling by a factor of its own: made the size asked
                        return ImageSources.UPSCALE.equals(operation) ? scaler.fitted(done, target.width(), target.height()) : done;
                    }
                    return request.sources().variation()
                            ? adapters.variators(adapter).orElseThrow().vary(candidate.provider(), task, sources.images().getFirst())
                            : adapters.editors(adapter).orElseThrow().edit(candidate.provider(), task, sources.images(), sources.mask());
                })), candidate -> plan.price(candidate, request.n(), sources == null ? 0 : sources.images().size())));
        long keepStart = clock.millis();
        // as the caller asked for them, then signed as made by the offer that served them, from the sources of an edit
        // (Content Credentials)
        List<GeneratedImage> made = credentials.signed(outcome.result(), delivery.deliver(plan.options(), outcome.served(), outcome.result()),
                sources == null ? List.of() : EditSources.named(sources), request.sources() == null ? null : request.sources().operation(),
                new ContentCredentials.Generation(plan.modelSlug(), outcome.served().providerId(), request.jobId(), request.prompt()));
        // billed at the quality the provider reports making (OpenAI's answer to "auto"), else as asked; from what the
        // provider metered where its offer says it bills so (tokens, megapixels)
        Candidate billed = outcome.served().madeAt(made.getFirst().made() == null ? null : made.getFirst().made().quality());
        // sent with a quote: at most its price
        Charges.Charge charge = Charges.of(billed.offer(), made, sources == null ? List.of() : sources.images(),
                plan.price(billed, made.size(), sources == null ? 0 : sources.images().size())).atMost(request.priceCap());
        List<MediaItem> items = results.keep(request, sources == null ? null : sources.ids(), plan, billed, made, charge.price().divide(BigDecimal.valueOf(made.size()), MathContext.DECIMAL64));
        reuse.remember(request, billed, terms, items);
        Stats stats = plan.stats(outcome, request.acceptedAt(), clock.millis() - keepStart)
                .withImage(ImageDelivery.delivered(plan.options(), made, items.getFirst().size()));
        if (charge.usage() != null) {
            stats = stats.withUsage(charge.usage());
        }
        if (request.batchId() != null) {
            stats = stats.withBatch(answered.isPresent() ? Stats.BATCH_PROVIDER : Stats.BATCH_JOB);
        }
        // a provider that made another size than asked (its nearest ratio, its own "auto") says so in stats.applied
        // (a utility's size is made from its picture: not another than asked)
        String delivered = request.sources() != null && request.sources().utility() ? null
                : items.stream().map(MediaItem::size).filter(s -> s != null && !s.equals(plan.size().label())).findFirst().orElse(null);
        return GenerationReply.ok(request.jobId(), items, charge.price(), delivered == null ? stats : stats.withApplied("size", delivered));
    }
}
