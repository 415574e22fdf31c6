package io.mediagate.routing.providerbatches;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.MediaKind;
import io.mediagate.routing.adapters.Adapters;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.generation.Planner;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.ranking.Candidate;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Which batch lines go through their provider's own batch API, and what comes back for them. A line goes that way when
 * the offer its job would call first has a batch price ({@code batch} in the catalog), its adapter speaks the provider's
 * batch API ({@link ImageBatches}) and the request is one that API takes (an image generation, not an edit; no partial
 * images); its job then parks ({@link #parked}) until the provider has answered, and runs again with the answer
 * ({@link #answered}): made by that offer at its batch price. A line the provider made nothing for runs as a job of its own.
 */
@ApplicationScoped
public class ProviderBatching {
    private static final Logger LOG = Logger.getLogger(ProviderBatching.class);
    private final Adapters adapters;
    private final Planner planner;
    private final Jobs jobs;
    private final Upstream upstream;
    private final Clock clock;
    private final boolean enabled;

    ProviderBatching(Adapters adapters, Planner planner, Jobs jobs, Upstream upstream, Clock clock,
                     @ConfigProperty(name = "mediagate.provider-batches.enabled") boolean enabled) {
        this.adapters = adapters;
        this.planner = planner;
        this.jobs = jobs;
        this.upstream = upstream;
        this.clock = clock;
        this.enabled = enabled;
    }

    /** The offer a batch line would be sent to through its provider's batch API, if it would be: its first choice. */
    public Optional<Candidate> via(GenerationRequest request, Plan plan) {
        if (!enabled || request.batchId() == null || request.kind() != MediaKind.IMAGE || request.sources() != null || plan.ranked().isEmpty()) {
            return Optional.empty();
        }
        Candidate first = plan.ranked().getFirst();
        if (first.offer().batch() == null) {
            return Optional.empty();
        }
        return adapters.batches(first.provider().adapter())
                .filter(api -> api.takes(plan.imageTask(first, request, new JobControl(jobs, request.jobId()))))
                .map(api -> first);
    }

    /**
     * Whether a batch line's job waits for its provider's batch: parked now when it should be, or parked before and not
     * answered yet. False when it runs now: not a line that goes that way, or one whose answer has come back.
     */
    public boolean parked(GenerationRequest request) {
        if (!enabled || request.batchId() == null || request.kind() != MediaKind.IMAGE || request.sources() != null) {
            return false; // not a line a provider's batch takes: it runs now
        }
        Optional<ProviderBatchItem> known = QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.<ProviderBatchItem>findByIdOptional(request.jobId()));
        if (known.isPresent()) {
            return known.get().parked();
        }
        Plan plan;
        try {
            plan = planner.plan(request);
        } catch (RuntimeException e) {
            return false; // it runs, and fails saying why
        }
        Optional<Candidate> via = via(request, plan);
        if (via.isEmpty()) {
            return false;
        }
        Candidate offer = via.get();
        ImageBatches api = adapters.batches(offer.provider().adapter()).orElseThrow();
        byte[] line = upstream.write(api.line(plan.imageTask(offer, request, new JobControl(jobs, request.jobId()))));
        String body = new String(line, StandardCharsets.UTF_8);
        Instant now = clock.instant();
        // a redelivery of the same line parks nothing twice: the job's id is the item's key
        QuarkusTransaction.requiringNew().run(() -> ProviderBatchItem.getEntityManager().createNativeQuery("""
                insert into provider_batch_items (job_id, batch_id, provider, model, upstream_model, body, state, created_at, updated_at)
                values (?1, ?8, ?2, ?3, ?4, ?5, ?6, ?7, ?7) on conflict (job_id) do nothing""")
                .setParameter(1, request.jobId()).setParameter(2, offer.providerId()).setParameter(3, plan.model().id())
                .setParameter(4, offer.offer().upstreamModel()).setParameter(5, body).setParameter(6, ProviderBatchItem.WAITING)
                .setParameter(7, now).setParameter(8, request.batchId()).executeUpdate());
        return QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.<ProviderBatchItem>findByIdOptional(request.jobId())
                .map(ProviderBatchItem::parked).orElse(false));
    }

    /**
     * What a batch line's provider batch made for it, when it was answered: the offer at its batch price and its images, or
     * the provider's refusal of the request (a content policy: the line fails as its call would have). Empty when the job
     * runs as one of its own.
     */
    public Optional<Answered> answered(GenerationRequest request, Plan plan) {
        if (request.batchId() == null) {
            return Optional.empty();
        }
        Optional<ProviderBatchItem> item = QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.<ProviderBatchItem>findByIdOptional(request.jobId()));
        if (item.isEmpty() || !ProviderBatchItem.ANSWERED.equals(item.get().state) || item.get().answer == null && item.get().error == null) {
            return Optional.empty();
        }
        ProviderBatchItem answer = item.get();
        Optional<Candidate> offer = plan.ranked().stream().filter(c -> c.providerId().equals(answer.provider) && c.offer().batch() != null
                && answer.upstreamModel.equals(c.offer().upstreamModel())).findFirst();
        Optional<ImageBatches> api = offer.flatMap(c -> adapters.batches(c.provider().adapter()));
        if (api.isEmpty()) {
            LOG.warnf("job %s: its provider batch's answer is from an offer no longer in the catalog; it runs as a job", request.jobId());
            return Optional.empty();
        }
        Candidate served = offer.get();
        if (answer.answer == null) { // the provider refused the request for its content
            return Optional.of(new Answered(served.atBatchPrices(), List.of(), ProviderException.moderated(answer.error)));
        }
        try {
            return Optional.of(new Answered(served.atBatchPrices(), api.get().images(served.provider(), answer.answer), null));
        } catch (ProviderException e) {
            if (e.failure() == FailureClass.MODERATION) {
                return Optional.of(new Answered(served.atBatchPrices(), List.of(), e));
            }
            LOG.warnf("job %s: its provider batch's answer could not be read (%s); it runs as a job", request.jobId(), e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * A provider batch's answer for a line: {@code candidate}, the offer at its batch price, and its images, or the
     * provider's {@code refusal} of the request.
     */
    public record Answered(Candidate candidate, List<GeneratedImage> images, ProviderException refusal) {
        /**
         * The answer as the attempts of a call end ({@link AttemptRunner}): served by the offer at its batch price, one
         * attempt of no time (the provider's batch made it); a refusal ends the request as the call's would.
         */
        public AttemptRunner.Outcome<List<GeneratedImage>> outcome(Instant at) {
            if (refusal != null) {
                Stats.Attempt refused = new Stats.Attempt(candidate.providerId(), Stats.Outcome.FAILURE, refusal.code().code(), 0,
                        refusal.failure().wire());
                throw new ApiException(refusal.code(), refusal.getMessage(), null, Map.of("attempts", List.of(refused)));
            }
            return new AttemptRunner.Outcome<>(candidate, images, List.of(Stats.Attempt.success(candidate.providerId(), 0)), 0, at);
        }
    }
}
