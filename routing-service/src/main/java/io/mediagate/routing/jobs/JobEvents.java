package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.routing.support.AfterCommit;
import io.mediagate.routing.webhooks.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A job's events, kept in the job store for the job's lifetime ({@code job_events}) so that whoever follows them, on any
 * gateway replica, can reconnect and get what it missed. Each is numbered 1, 2, … per job: the counter
 * ({@code jobs.events}) is raised under the job row's lock in the transaction that writes the event, so two writers of one
 * job never take the same number and numbers appear in the order they were committed. A follower waiting for the next
 * event ({@link #after(String, long, Duration)}) is woken once an event of its job is committed on this replica, and
 * looks again every {@link #RECHECK} for those written on another. An event of a kind the job's webhook asked for (by
 * default its completion or failure) is queued for delivery in the same transaction, as {@code generation.<kind>} with
 * the event as the stream shows it.
 */
@ApplicationScoped
public class JobEvents {
    static final Duration RECHECK = Duration.ofMillis(500);
    /** Most events answered at once; a follower asks again for the rest. */
    static final int PAGE = 200;
    /** The finished statuses as the jobs table holds them, quoted for SQL. */
    private static final String FINISHED = Arrays.stream(JobStatus.values()).filter(JobStatus::finished)
            .map(s -> "'" + s.wire() + "'").collect(Collectors.joining(", "));
    private final EntityManager entities;
    private final ObjectMapper json;
    private final TransactionSynchronizationRegistry transactions;
    private final Clock clock;
    private final Webhooks webhooks;
    private final Map<String, CompletableFuture<Void>> bells = new ConcurrentHashMap<>();

    JobEvents(EntityManager entities, ObjectMapper json, TransactionSynchronizationRegistry transactions, Clock clock, Webhooks webhooks) {
        this.webhooks = webhooks;
        this.entities = entities;
        this.json = json;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Records that {@code kind} happened to job {@code jobId} now, in the caller's transaction or its own. */
    @Transactional
    public void record(String jobId, JobEvent.Kind kind, Map<String, ?> data) {
        record(jobId, kind, data, Instant.now(clock));
    }

    /**
     * As {@link #record(String, JobEvent.Kind, Map)}, at {@code at}; nothing when the job is unknown, or has ended and this
     * is not its end.
     */
    @Transactional
    public void record(String jobId, JobEvent.Kind kind, Map<String, ?> data, Instant at) {
        entities.flush(); // a job persisted in this transaction is in the table before its counter is raised
        // After its end a job takes no more events: a provider call or report still in flight when it was cancelled is not told.
        String unfinished = kind.terminal() ? "" : " AND status NOT IN (" + FINISHED + ")";
        if (entities.createNativeQuery("UPDATE jobs SET events = events + 1 WHERE id = ?1" + unfinished).setParameter(1, jobId)
                .executeUpdate() == 0) {
            return;
        }
        Object[] job = (Object[]) entities.createNativeQuery("SELECT events, user_id, webhook_url, webhook_events FROM jobs WHERE id = ?1")
                .setParameter(1, jobId).getSingleResult();
        int seq = ((Number) job[0]).intValue();
        String written = write(data);
        entities.createNativeQuery("INSERT INTO job_events (job_id, seq, kind, data, at) VALUES (?1, ?2, ?3, ?4, ?5)")
                .setParameter(1, jobId).setParameter(2, seq).setParameter(3, kind.wire()).setParameter(4, written)
                .setParameter(5, at.toEpochMilli()).executeUpdate();
        if (job[2] != null && delivered(kind, (String) job[3])) {
            JobEvent event = new JobEvent(seq, kind, at, read(written));
            webhooks.enqueue("msg_" + jobId.substring(4) + "e" + seq, jobId, (String) job[1], (String) job[2],
                    "generation." + kind.wire(), event.wire(json, jobId));
        }
        AfterCommit.run(transactions, () -> ring(jobId));
    }

    /** Whether job {@code jobId} has had an event of {@code kind}. */
    @Transactional
    public boolean has(String jobId, JobEvent.Kind kind) {
        return ((Number) entities.createNativeQuery("SELECT count(*) FROM job_events WHERE job_id = ?1 AND kind = ?2")
                .setParameter(1, jobId).setParameter(2, kind.wire()).getSingleResult()).longValue() > 0;
    }

    /** The job's events after number {@code after}, oldest first, at most {@link #PAGE}. */
    @Transactional
    public List<JobEvent> after(String jobId, long after) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = entities.createNativeQuery("SELECT seq, kind, data, at FROM job_events WHERE job_id = ?1 AND seq > ?2 ORDER BY seq")
                .setParameter(1, jobId).setParameter(2, after).setMaxResults(PAGE).getResultList();
        List<JobEvent> events = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            events.add(new JobEvent(((Number) row[0]).longValue(), JobEvent.Kind.of((String) row[1]),
                    Instant.ofEpochMilli(((Number) row[3]).longValue()), read((String) row[2])));
        }
        return events;
    }

    /**
     * As {@link #after(String, long)}, waiting up to {@code wait} for one when there is none yet (a long poll; the calling
     * thread waits, so call it on a virtual thread). Empty when none came.
     */
    public List<JobEvent> after(String jobId, long after, Duration wait) {
        Instant until = Instant.now(clock).plus(wait);
        while (true) {
            // The bell is taken before looking, so an event committed after the look rings it.
            CompletableFuture<Void> bell = bells.computeIfAbsent(jobId, id -> new CompletableFuture<>());
            List<JobEvent> events = after(jobId, after);
            Duration left = Duration.between(Instant.now(clock), until);
            if (!events.isEmpty() || left.isNegative() || left.isZero()) {
                bells.remove(jobId, bell);
                return events;
            }
            try {
                bell.get(Math.min(left.toMillis(), RECHECK.toMillis()), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look again: the event may have been written on another replica
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    /** Whether a webhook asking for {@code asked} (comma-separated kinds; null: the default) is told of {@code kind}. */
    static boolean delivered(JobEvent.Kind kind, String asked) {
        if (asked == null) {
            return kind == JobEvent.Kind.COMPLETED || kind == JobEvent.Kind.FAILED;
        }
        return List.of(asked.split(",")).contains(kind.wire());
    }

    private void ring(String jobId) {
        CompletableFuture<Void> bell = bells.remove(jobId);
        if (bell != null) {
            bell.complete(null);
        }
    }

    private String write(Map<String, ?> data) {
        try {
            return json.writeValueAsString(data == null ? Map.of() : data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a job event", e);
        }
    }

    private JsonNode read(String data) {
        try {
            return json.readTree(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored job event is unreadable", e);
        }
    }
}
