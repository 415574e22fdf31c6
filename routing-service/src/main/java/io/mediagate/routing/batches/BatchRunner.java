package io.mediagate.routing.batches;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Topics;
import io.mediagate.common.jobs.VideoObject;
import io.mediagate.common.tier.Tier;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.generation.Planner;
import io.mediagate.routing.jobs.JobOutboxRelay;
import io.mediagate.routing.jobs.JobOutboxRow;
import io.mediagate.routing.jobs.JobRecord;
import io.mediagate.routing.messaging.InteractiveLoad;
import io.mediagate.routing.providerbatches.ProviderBatching;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Moves every open batch on, once a tick, on any replica (each batch in a transaction that locks its row, so two
 * replicas never move the same batch at once):
 * <ol>
 *   <li>a line whose job has ended gets its output line, and the batch's counts;</li>
 *   <li>past its window a batch expires: its lines not dispatched never run ({@code batch_expired});</li>
 *   <li>lines are dispatched in file order, as many as the account may have running
 *       ({@code mediagate.batches.running.<tier>}), each an outbox row to {@code generation.batch} written with its
 *       {@code queued} state: a line is dispatched once, and its job, idempotent on its id, runs once; none while this
 *       replica handles {@code mediagate.batches.yield-at} interactive requests or more (batch work waits for live work),
 *       and none whose first choice of provider (routed as its job will be: {@link Planner}) has
 *       {@code mediagate.batches.per-provider} lines of any batch running (a provider's rate limits are shared with live
 *       work); the batch then waits, in file order, until one ends; a line whose first choice takes it through its
 *       provider's own batch API ({@link ProviderBatching}) counts against neither limit (the provider's batch has its own);</li>
 *   <li>a batch with a {@code budget} dispatches a line only while what its lines have cost, the worst case of those
 *       running and the line's own worst case stay within it; when no line fits and none runs, the rest never run
 *       ({@code batch_budget_exceeded});</li>
 *   <li>a batch with nothing left to run is finalized ({@link BatchFiles}).</li>
 * </ol>
 * Everything it does is in the database, so a crash of any service loses nothing: a later tick picks up where it was.
 */
@ApplicationScoped
class BatchRunner {
    private static final Logger LOG = Logger.getLogger(BatchRunner.class);
    private static final List<String> OPEN = List.of(BatchStatus.IN_PROGRESS, BatchStatus.CANCELLING, BatchStatus.FINALIZING);
    private final ObjectMapper json;
    private final Clock clock;
    private final JobOutboxRelay relay;
    private final BatchCancellation cancellation;
    private final BatchFiles files;
    private final BatchMetrics metrics;
    private final InteractiveLoad load;
    private final int yieldAt;
    private final Map<Tier, Integer> running;
    private final Planner planner;
    private final NeverRun neverRun;
    private final int perProvider;
    private final ProviderBatching batching;

    BatchRunner(ObjectMapper json, Clock clock, JobOutboxRelay relay, BatchCancellation cancellation, BatchFiles files, BatchMetrics metrics,
                InteractiveLoad load, Planner planner, NeverRun neverRun, ProviderBatching batching, @ConfigProperty(name = "mediagate.batches.yield-at") int yieldAt,
                @ConfigProperty(name = "mediagate.batches.per-provider") int perProvider,
                @ConfigProperty(name = "mediagate.batches.running.free") int free,
                @ConfigProperty(name = "mediagate.batches.running.basic") int basic,
                @ConfigProperty(name = "mediagate.batches.running.pro") int pro,
                @ConfigProperty(name = "mediagate.batches.running.enterprise") int enterprise) {
        this.json = json;
        this.clock = clock;
        this.relay = relay;
        this.cancellation = cancellation;
        this.files = files;
        this.metrics = metrics;
        this.load = load;
        this.yieldAt = yieldAt;
        this.planner = planner;
        this.neverRun = neverRun;
        this.perProvider = perProvider;
        this.batching = batching;
        this.running = Map.of(Tier.FREE, free, Tier.BASIC, basic, Tier.PRO, pro, Tier.ENTERPRISE, enterprise);
    }

    @Scheduled(every = "${mediagate.batches.tick}", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        List<String> open = QuarkusTransaction.requiringNew().call(() -> BatchRecord.<BatchRecord>find("status in ?1 order by createdAt", OPEN)
                .project(BatchId.class).list().stream().map(BatchId::id).toList());
        for (String id : open) {
            try {
                advance(id);
            } catch (RuntimeException e) {
                LOG.warnf(e, "batch %s not moved on this time; the next tick tries again", id);
            }
        }
        metrics.update(QuarkusTransaction.requiringNew().call(() -> BatchRecord.<BatchRecord>find("status in ?1", OPEN)
                .project(BatchId.class).list().stream().map(BatchId::id).toList()));
    }

    /** The id column alone, for the list of open batches. */
    public record BatchId(String id) {}

    /** One step of batch {@code id}. */
    void advance(String id) {
        List<JobOutboxRow> dispatched = new ArrayList<>();
        boolean finished = QuarkusTransaction.requiringNew().call(() -> {
            BatchRecord batch = BatchRecord.findById(id, LockModeType.PESSIMISTIC_WRITE);
            if (batch == null || !OPEN.contains(batch.status)) {
                return false;
            }
            if (batch.status.equals(BatchStatus.FINALIZING)) {
                return true;
            }
            collectEnded(batch);
            Instant now = clock.instant();
            if (batch.status.equals(BatchStatus.IN_PROGRESS) && batch.expiredAt == null && now.isAfter(batch.expiresAt)) {
                batch.expiredAt = now;
                cancellation.stopPending(batch, "batch_expired", "the batch expired before this request ran");
            }
            if (batch.status.equals(BatchStatus.IN_PROGRESS) && batch.expiredAt == null && load.inFlight() < yieldAt) {
                dispatched.addAll(dispatch(batch, now));
            }
            boolean done = BatchLineRecord.count("batchId = ?1 and status in ?2", id,
                    List.of(BatchLineRecord.PENDING, BatchLineRecord.QUEUED)) == 0;
            if (done) {
                batch.status = BatchStatus.FINALIZING;
                batch.finalizingAt = now;
            }
            return done;
        });
        relay.publish(dispatched);
        if (finished) {
            files.finish(id);
        }
    }

    /** Lines whose jobs have ended take their output lines. */
    private void collectEnded(BatchRecord batch) {
        List<BatchLineRecord> queued = BatchLineRecord.list("batchId = ?1 and status = ?2", batch.id, BatchLineRecord.QUEUED);
        for (BatchLineRecord line : queued) {
            JobRecord job = JobRecord.findById(line.jobId);
            if (job == null && batch.expiredAt != null) { // dispatched, never begun (its message given up on), and now too late
                neverRun.ended(batch, line);
                line.status = BatchLineRecord.CANCELLED;
                line.response = OutputLines.notRun(json, line.customId, "batch_expired", "the batch expired before this request ran");
                batch.failed++;
                continue;
            }
            if (job == null || job.status == null || !job.status.finished() || job.reply == null) {
                continue;
            }
            GenerationReply reply = read(job.reply, GenerationReply.class);
            line.response = BatchesApi.VIDEOS.equals(batch.endpoint) && reply.success()
                    ? OutputLines.answered(json, line.customId, line.requestId, 200,
                            VideoObject.of(job.view(read(job.request, GenerationRequest.class), reply)))
                    : OutputLines.ended(json, line.customId, line.requestId, reply, job.updatedAt);
            line.status = reply.success() ? BatchLineRecord.SUCCEEDED : BatchLineRecord.FAILED;
            if (reply.success()) {
                batch.completed++;
                batch.spent = batch.spent.add(reply.price() == null ? BigDecimal.ZERO : reply.price());
            } else {
                batch.failed++;
            }
        }
    }

    private List<JobOutboxRow> dispatch(BatchRecord batch, Instant now) {
        int limit = running.get(Tier.orFree(Tier.of(batch.tier)));
        long inFlight = BatchLineRecord.count("status = ?1 and via is null and batchId in (select b.id from BatchRecord b where b.userId = ?2)",
                BatchLineRecord.QUEUED, batch.userId);
        int room = (int) Math.max(0, limit - inFlight);
        if (room == 0) { // only a next line for a provider's batch API may go now
            BatchLineRecord first = BatchLineRecord.<BatchLineRecord>find("batchId = ?1 and status = ?2 order by line", batch.id,
                    BatchLineRecord.PENDING).firstResult();
            Choice choice = first == null ? null : firstChoice(first.request);
            if (choice == null || !choice.viaBatch()) {
                return List.of();
            }
        }
        // lines for a provider's batch API take no room here: as many as one provider batch holds are looked at besides
        List<BatchLineRecord> next = BatchLineRecord.<BatchLineRecord>find("batchId = ?1 and status = ?2 order by line",
                batch.id, BatchLineRecord.PENDING).page(0, room + PROVIDER_BATCH_LOOKAHEAD).list();
        List<JobOutboxRow> rows = new ArrayList<>(next.size());
        BigDecimal committed = batch.budget == null ? null : batch.spent.add(runningWorst(batch.id));
        Map<String, Long> byProvider = new HashMap<>();
        for (BatchLineRecord line : next) {
            Choice choice = firstChoice(line.request);
            String provider = choice == null ? null : choice.provider();
            boolean viaProvider = choice != null && choice.viaBatch();
            if (!viaProvider && room == 0) {
                break; // in file order: the batch goes on when one of its account's lines ends
            }
            if (!viaProvider && provider != null && byProvider.computeIfAbsent(provider, p -> BatchLineRecord.count(
                    "provider = ?1 and status = ?2 and via is null", p, BatchLineRecord.QUEUED)) >= perProvider) {
                break; // in file order: the batch goes on when one of that provider's lines ends
            }
            if (committed != null) {
                BigDecimal worst = line.worst == null ? BigDecimal.ZERO : line.worst;
                if (committed.add(worst).compareTo(batch.budget) > 0) {
                    if (committed.compareTo(batch.spent) == 0) { // nothing running that could turn out cheaper: no line fits
                        cancellation.stopPending(batch, "batch_budget_exceeded", "the batch's budget of " + batch.budget.stripTrailingZeros()
                                + " USD would be passed by this request (at most " + worst.stripTrailingZeros() + " USD); it was not run");
                    }
                    break;
                }
                committed = committed.add(worst);
            }
            JobOutboxRow row = new JobOutboxRow();
            row.jobId = line.jobId;
            row.topic = Topics.GENERATION_BATCH;
            row.payload = line.request;
            row.createdAt = now;
            row.persist();
            rows.add(row);
            line.status = BatchLineRecord.QUEUED;
            line.request = null;
            line.provider = provider;
            line.via = viaProvider ? BatchLineRecord.VIA_PROVIDER : null;
            if (viaProvider) {
                continue;
            }
            room--;
            if (provider != null) {
                byProvider.merge(provider, 1L, Long::sum);
            }
        }
        return rows;
    }

    /** How many lines past its room a batch looks at, each a line its provider's batch API may take. */
    private static final int PROVIDER_BATCH_LOOKAHEAD = 500;

    /** A line's first choice of provider, and whether it goes through that provider's batch API. */
    private record Choice(String provider, boolean viaBatch) {}

    /**
     * The provider the line's job would call first now, and whether through its batch API ({@link ProviderBatching#via});
     * null when it cannot be routed (its job then fails, saying why).
     */
    private Choice firstChoice(String stored) {
        try {
            GenerationRequest request = read(stored, GenerationRequest.class);
            Plan plan = planner.plan(request);
            return plan.ranked().isEmpty() ? null : new Choice(plan.ranked().getFirst().provider().id(), batching.via(request, plan).isPresent());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** What the batch's lines running now may cost at most. */
    private static BigDecimal runningWorst(String batchId) {
        BigDecimal sum = BatchLineRecord.getEntityManager().createQuery(
                "select coalesce(sum(l.worst), 0) from BatchLineRecord l where l.batchId = :b and l.status = :s", BigDecimal.class)
                .setParameter("b", batchId).setParameter("s", BatchLineRecord.QUEUED).getSingleResult();
        return sum == null ? BigDecimal.ZERO : sum;
    }

    private <T> T read(String stored, Class<T> type) {
        try {
            return json.readValue(stored, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored job " + type.getSimpleName() + " is not readable", e);
        }
    }
}
