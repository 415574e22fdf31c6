package io.mediagate.routing.providerbatches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.Topics;
import io.mediagate.routing.adapters.Adapters;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.jobs.JobEnds;
import io.mediagate.routing.jobs.JobOutboxRelay;
import io.mediagate.routing.jobs.JobOutboxRow;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ProviderException;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Moves the lines parked for their providers' batch APIs on, once a tick, on any replica (each provider batch worked in a
 * transaction that holds its row, skipped by a replica that finds it held):
 * <ol>
 *   <li>waiting lines of one provider and model become a provider batch once there are {@code maxLines} of them or the oldest
 *       has waited {@code mediagate.provider-batches.gather};</li>
 *   <li>a batch is submitted under its own id, after asking the provider whether one under that id exists already (made
 *       just before a crash): never made twice;</li>
 *   <li>a submitted batch is looked at every {@code mediagate.provider-batches.look-every}; once it has ended, each line's
 *       answer is kept with it (or the line is returned: the provider made nothing for it) and its job is sent again on
 *       {@code generation.batch} through the outbox, in the same transaction, to end with that answer
 *       ({@link ProviderBatching#answered}) or run as a job of its own;</li>
 *   <li>the lines of jobs that have ended are forgotten (with their answers);</li>
 *   <li>a line of a batch cancelled or expired that its provider has not made (not sent yet, or returned) ends without
 *       running, as the batch's undispatched lines do; what a provider's batch made is delivered and charged.</li>
 * </ol>
 * A provider refusing a batch outright (not a passing failure) returns its lines. Everything is in the database, so a crash
 * of routing loses nothing: the next tick goes on from where it was.
 */
@ApplicationScoped
class ProviderBatchRunner {
    private static final Logger LOG = Logger.getLogger(ProviderBatchRunner.class);
    /** The longest a provider batch's submission or collection may hold its row (an output file is read within it). */
    private static final int WORK_SECONDS = 1800;
    /** How many lines at a time are sent back to run as jobs when their provider no longer takes them in a batch. */
    private static final int RETURN_AT_ONCE = 500;
    private final Adapters adapters;
    private final CatalogClient catalog;
    private final JobOutboxRelay relay;
    private final JobEnds ends;
    private final ProviderBatchMetrics metrics;
    private final ObjectMapper json;
    private final Clock clock;
    private final Duration gather;
    private final Duration lookEvery;
    private final boolean enabled;

    ProviderBatchRunner(Adapters adapters, CatalogClient catalog, JobOutboxRelay relay, JobEnds ends, ProviderBatchMetrics metrics, ObjectMapper json, Clock clock,
                        @ConfigProperty(name = "mediagate.provider-batches.gather") Duration gather,
                        @ConfigProperty(name = "mediagate.provider-batches.look-every") Duration lookEvery,
                        @ConfigProperty(name = "mediagate.provider-batches.enabled") boolean enabled) {
        this.adapters = adapters;
        this.catalog = catalog;
        this.relay = relay;
        this.ends = ends;
        this.metrics = metrics;
        this.json = json;
        this.clock = clock;
        this.gather = gather;
        this.lookEvery = lookEvery;
        this.enabled = enabled;
    }

    @Scheduled(every = "${mediagate.provider-batches.tick}", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        if (!enabled) {
            return;
        }
        try {
            forgetEnded();
            stopUnsent();
            gatherWaiting();
            for (String id : ids(ProviderBatchRecord.SUBMITTING, clock.instant())) {
                work(id, this::submit);
            }
            for (String id : ids(ProviderBatchRecord.SUBMITTED, clock.instant().minus(lookEvery))) {
                work(id, this::look);
            }
            metrics.update();
        } catch (RuntimeException e) {
            LOG.warnf(e, "provider batches not moved on this time; the next tick tries again");
        }
    }

    /** Lines of jobs that have ended (used their answer, or were cancelled while waiting) are dropped. */
    private void forgetEnded() {
        QuarkusTransaction.requiringNew().run(() -> ProviderBatchItem.getEntityManager().createNativeQuery("""
                delete from provider_batch_items i using jobs j
                where i.job_id = j.id and j.status in ('succeeded', 'failed', 'cancelled') and i.state <> 'sent'""").executeUpdate());
    }

    /**
     * The lines of a batch cancelled or expired that its provider never made (not sent yet, or returned) end without running,
     * as a line of that batch not dispatched would; what a provider's batch made for it is still delivered and charged.
     */
    private void stopUnsent() {
        @SuppressWarnings("unchecked")
        List<Object[]> stopped = QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.getEntityManager().createNativeQuery("""
                select i.job_id, b.status from provider_batch_items i join batches b on b.id = i.batch_id join jobs j on j.id = i.job_id
                where i.state in ('waiting', 'returned') and (b.status = 'cancelling' or b.expired_at is not null)
                and j.status not in ('succeeded', 'failed', 'cancelled')""").getResultList());
        for (Object[] line : stopped) {
            String jobId = (String) line[0];
            String why = "cancelling".equals(line[1]) ? "the batch was cancelled before this request was made" : "the batch expired before this request was made";
            ends.end(jobId, GenerationReply.failed(jobId, ErrorBody.of(ErrorCode.JOB_CANCELLED, why, null, null, Map.of()), null));
        }
    }

    /** The lines waiting per provider and model, made provider batches when there are enough of them or they have waited enough. */
    private void gatherWaiting() {
        Instant now = clock.instant();
        List<Object[]> kinds = QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.getEntityManager().createQuery("""
                select i.provider, i.model, i.upstreamModel, count(i), min(i.createdAt) from ProviderBatchItem i where i.state = :s
                group by i.provider, i.model, i.upstreamModel""", Object[].class).setParameter("s", ProviderBatchItem.WAITING).getResultList());
        for (Object[] kind : kinds) {
            String provider = (String) kind[0];
            String model = (String) kind[1];
            String upstreamModel = (String) kind[2];
            // lines whose provider no longer offers the model through a batch are gathered at once: work() sends them back
            Optional<ImageBatches> api = api(provider, model);
            int max = api.map(ImageBatches::maxLines).orElse(RETURN_AT_ONCE);
            if (api.isPresent() && (Long) kind[3] < max && ((Instant) kind[4]).isAfter(now.minus(gather))) {
                continue;
            }
            QuarkusTransaction.requiringNew().run(() -> {
                @SuppressWarnings("unchecked")
                List<String> chosen = ProviderBatchItem.getEntityManager().createNativeQuery("""
                        select job_id from provider_batch_items where state = ?1 and provider = ?2 and model = ?3 and upstream_model = ?4
                        order by created_at limit ?5 for update skip locked""")
                        .setParameter(1, ProviderBatchItem.WAITING).setParameter(2, provider).setParameter(3, model)
                        .setParameter(4, upstreamModel).setParameter(5, max).getResultList();
                if (chosen.isEmpty()) {
                    return;
                }
                ProviderBatchRecord batch = new ProviderBatchRecord();
                batch.id = "pbt_" + UUID.randomUUID().toString().replace("-", "");
                batch.provider = provider;
                batch.model = model;
                batch.upstreamModel = upstreamModel;
                batch.state = ProviderBatchRecord.SUBMITTING;
                batch.lines = chosen.size();
                batch.createdAt = now;
                batch.persist();
                ProviderBatchItem.update("state = ?1, groupId = ?2, updatedAt = ?3 where jobId in ?4", ProviderBatchItem.SENT, batch.id, now, chosen);
            });
        }
    }

    /** Provider batches in {@code state} last looked at before {@code before} (or never). */
    private static List<String> ids(String state, Instant before) {
        return QuarkusTransaction.requiringNew().call(() -> ProviderBatchRecord.getEntityManager().createQuery("""
                select b.id from ProviderBatchRecord b where b.state = :s and (b.lookedAt is null or b.lookedAt < :before) order by b.createdAt""",
                String.class).setParameter("s", state).setParameter("before", before).getResultList());
    }

    private interface Step {
        List<JobOutboxRow> apply(ProviderBatchRecord batch, ProviderSpec provider, ImageBatches api);
    }

    /** {@code step} on provider batch {@code id}, holding its row; skipped when another replica holds it. */
    private void work(String id, Step step) {
        List<JobOutboxRow> sent = new ArrayList<>();
        try {
            QuarkusTransaction.requiringNew().timeout(WORK_SECONDS).run(() -> {
                @SuppressWarnings("unchecked")
                List<ProviderBatchRecord> held = ProviderBatchRecord.getEntityManager().createNativeQuery(
                        "select * from provider_batches where id = ?1 for update skip locked", ProviderBatchRecord.class)
                        .setParameter(1, id).getResultList();
                if (held.isEmpty()) {
                    return;
                }
                ProviderBatchRecord batch = held.getFirst();
                Optional<ProviderSpec> provider = provider(batch.provider, batch.model);
                Optional<ImageBatches> api = provider.flatMap(p -> adapters.batches(p.adapter()));
                if (api.isEmpty()) {
                    sent.addAll(returnAll(batch, "its provider no longer offers the model through a batch"));
                    return;
                }
                sent.addAll(step.apply(batch, provider.get(), api.get()));
            });
        } catch (RuntimeException e) {
            LOG.warnf("provider batch %s not moved on this time (%s); the next tick tries again", id, e.getMessage());
        }
        relay.publish(sent);
    }

    /** Submits the batch, unless the provider has it already (a crash after it was made); a refusal returns its lines. */
    private List<JobOutboxRow> submit(ProviderBatchRecord batch, ProviderSpec provider, ImageBatches api) {
        List<ProviderBatchItem> items = ProviderBatchItem.list("groupId = ?1 and state = ?2 order by createdAt", batch.id, ProviderBatchItem.SENT);
        if (items.isEmpty()) {
            batch.state = ProviderBatchRecord.COLLECTED;
            batch.endedAt = clock.instant();
            return List.of();
        }
        try {
            Optional<String> made = api.find(provider, batch.id);
            batch.upstreamId = made.isPresent() ? made.get() : api.submit(provider, batch.upstreamModel, batch.id, lines(items));
        } catch (ProviderException e) {
            if (passing(e)) {
                throw e;
            }
            return returnAll(batch, provider.id() + " refused the batch: " + e.getMessage());
        }
        batch.state = ProviderBatchRecord.SUBMITTED;
        batch.submittedAt = clock.instant();
        batch.lookedAt = batch.submittedAt;
        LOG.infof("provider batch %s of %d lines submitted to %s as %s", batch.id, items.size(), provider.id(), batch.upstreamId);
        return List.of();
    }

    /** One look at a submitted batch; once it has ended, its answers kept and its lines' jobs sent again. */
    private List<JobOutboxRow> look(ProviderBatchRecord batch, ProviderSpec provider, ImageBatches api) {
        Instant now = clock.instant();
        ImageBatches.Look look;
        try {
            look = api.look(provider, batch.upstreamId, (key, answer) -> {
                ProviderBatchItem item = ProviderBatchItem.findById(key);
                if (item == null || !batch.id.equals(item.groupId) || !ProviderBatchItem.SENT.equals(item.state)) {
                    return; // not one of ours, or answered already
                }
                switch (answer) {
                    case ImageBatches.Answer.Made made -> {
                        item.state = ProviderBatchItem.ANSWERED;
                        item.answer = made.body();
                    }
                    case ImageBatches.Answer.Failed failed -> {
                        item.state = ProviderBatchItem.RETURNED;
                        item.error = clip(failed.message());
                    }
                    case ImageBatches.Answer.Refused refused -> { // answered: the refusal is the line's answer
                        item.state = ProviderBatchItem.ANSWERED;
                        item.error = clip(refused.message());
                    }
                }
                item.updatedAt = now;
                ProviderBatchItem.getEntityManager().flush();
                ProviderBatchItem.getEntityManager().detach(item); // an answer holds images: not kept in memory after it is written
            });
        } catch (ProviderException e) {
            if (passing(e)) {
                throw e;
            }
            return returnAll(batch, provider.id() + " could not be asked for the batch: " + e.getMessage());
        }
        batch.lookedAt = now;
        switch (look) {
            case ImageBatches.Look.Pending pending -> {
                batch.upstreamState = pending.state();
                return List.of();
            }
            case ImageBatches.Look.Ended ended -> batch.upstreamState = ended.state();
            case ImageBatches.Look.Lost lost -> batch.upstreamState = lost.state();
        }
        return returnAll(batch, provider.id() + "'s batch ended (" + batch.upstreamState + ") without an answer for this request");
    }

    /** The batch's lines without an answer are returned; every line's job is sent again; the batch is collected. */
    private List<JobOutboxRow> returnAll(ProviderBatchRecord batch, String why) {
        Instant now = clock.instant();
        ProviderBatchItem.update("state = ?1, error = ?2, updatedAt = ?3 where groupId = ?4 and state = ?5",
                ProviderBatchItem.RETURNED, clip(why), now, batch.id, ProviderBatchItem.SENT);
        batch.state = ProviderBatchRecord.COLLECTED;
        batch.endedAt = now;
        // the batch's lines whose jobs are still running, less those of a stopped batch that nothing was made for (stopUnsent ends them)
        @SuppressWarnings("unchecked")
        List<Object[]> running = ProviderBatchItem.getEntityManager().createNativeQuery("""
                select i.job_id, j.request from provider_batch_items i join jobs j on j.id = i.job_id join batches b on b.id = i.batch_id
                where i.group_id = ?1 and j.status not in ('succeeded', 'failed', 'cancelled')
                and not (i.state = 'returned' and (b.status = 'cancelling' or b.expired_at is not null))""")
                .setParameter(1, batch.id).getResultList();
        List<JobOutboxRow> rows = new ArrayList<>();
        for (Object[] job : running) {
            JobOutboxRow row = new JobOutboxRow();
            row.jobId = (String) job[0];
            row.topic = Topics.GENERATION_BATCH;
            row.payload = (String) job[1];
            row.createdAt = now;
            row.persist();
            rows.add(row);
        }
        LOG.infof("provider batch %s (%s at %s) collected: %d jobs sent on", batch.id, batch.upstreamId, batch.provider, rows.size());
        return rows;
    }

    private List<ImageBatches.Line> lines(List<ProviderBatchItem> items) {
        List<ImageBatches.Line> lines = new ArrayList<>(items.size());
        for (ProviderBatchItem item : items) {
            try {
                lines.add(new ImageBatches.Line(item.jobId, json.readTree(item.body)));
            } catch (IOException e) {
                throw new IllegalStateException("a parked line's body is not readable", e);
            }
        }
        return lines;
    }

    /** A failure that passes (the provider busy, unreachable, limiting us): tried again on a later tick. */
    private static boolean passing(ProviderException e) {
        return e.failure() == FailureClass.TRANSIENT || e.failure() == FailureClass.TIMEOUT || e.failure() == FailureClass.RATE_LIMITED;
    }

    private Optional<ImageBatches> api(String provider, String model) {
        return provider(provider, model).flatMap(p -> adapters.batches(p.adapter()));
    }

    /** The provider's settings, as the catalog has them now; empty when it no longer offers the model (an unreachable catalog throws). */
    private Optional<ProviderSpec> provider(String provider, String model) {
        try {
            return catalog.resolve(model).providers().stream().filter(p -> p.id().equals(provider)).findFirst();
        } catch (ApiException e) {
            if (e.code() == ErrorCode.MODEL_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static String clip(String text) {
        return text == null || text.length() <= 4000 ? text : text.substring(0, 4000);
    }
}
