package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.routing.support.AfterCommit;
import io.mediagate.routing.webhooks.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A job's events, kept in the job store for the job's lifetime ({@code job_events}) so that whoever follows them, on any
 * gateway replica, can reconnect and get what it missed. Each is numbered 1, 2, … per job: the counter
 * ({@code jobs.events}) is raised under the job row's lock in the transaction that writes the event, so two writers of one
 * job never take the same number and numbers appear in the order they were committed. A follower waiting for the next
 * event ({@link #after(String, long, Duration)}) waits with every other follower of its job on this replica
 * ({@link JobFollowers}): woken once an event of the job is committed here, or when the shared recheck sees it moved on
 * another replica; it does not query on a timer of its own. A finished job with nothing after what was asked is answered
 * at once, saying so ({@link JobEventList#ended()}). An event of a kind the job's webhook asked for (by
 * default its completion or failure) is queued for delivery in the same transaction, as {@code generation.<kind>} with
 * the event as the stream shows it.
 */
@ApplicationScoped
public class JobEvents {
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
    private final JobFollowers followers;

    JobEvents(EntityManager entities, ObjectMapper json, TransactionSynchronizationRegistry transactions, Clock clock, Webhooks webhooks,
              JobFollowers followers) {
        this.webhooks = webhooks;
        this.followers = followers;
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
        Tuple job = (Tuple) entities.createNativeQuery("SELECT events AS \"events\", user_id AS \"user\", webhook_url AS \"url\", "
                + "webhook_events AS \"kinds\" FROM jobs WHERE id = ?1", Tuple.class).setParameter(1, jobId).getSingleResult();
        int seq = job.get("events", Number.class).intValue();
        String url = job.get("url", String.class);
        String written = write(data);
        entities.createNativeQuery("INSERT INTO job_events (job_id, seq, kind, data, at) VALUES (?1, ?2, ?3, ?4, ?5)")
                .setParameter(1, jobId).setParameter(2, seq).setParameter(3, kind.wire()).setParameter(4, written)
                .setParameter(5, at.toEpochMilli()).executeUpdate();
        if (url != null && delivered(kind, job.get("kinds", String.class))) {
            JobEvent event = new JobEvent(seq, kind, at, read(written));
            webhooks.enqueue("msg_" + jobId.substring(4) + "e" + seq, jobId, job.get("user", String.class), url,
                    "generation." + kind.wire(), event.wire(json, jobId));
        }
        AfterCommit.run(transactions, () -> followers.committed(jobId));
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
        List<Tuple> rows = entities.createNativeQuery("SELECT seq AS \"seq\", kind AS \"kind\", data AS \"data\", at AS \"at\" "
                        + "FROM job_events WHERE job_id = ?1 AND seq > ?2 ORDER BY seq", Tuple.class)
                .setParameter(1, jobId).setParameter(2, after).setMaxResults(PAGE).getResultList();
        List<JobEvent> events = new ArrayList<>(rows.size());
        for (Tuple row : rows) {
            events.add(new JobEvent(row.get("seq", Number.class).longValue(), JobEvent.Kind.of(row.get("kind", String.class)),
                    Instant.ofEpochMilli(row.get("at", Number.class).longValue()), read(row.get("data", String.class))));
        }
        return events;
    }

    /** What one look at a job found: its events after the number asked for (a page), its event count, whether it ended. */
    record Look(List<JobEvent> events, long count, boolean finished) {
        /** The look as answered: the job has ended with these events when it finished and none follows the last of them. */
        JobEventList answer(long after) {
            long last = events.isEmpty() ? after : events.getLast().id();
            return new JobEventList(events, finished && last >= count);
        }
    }

    /** The job's event count and state, then its events after {@code after} when there are any: one transaction. */
    @Transactional
    Look look(String jobId, long after) {
        followers.read();
        @SuppressWarnings("unchecked")
        List<Tuple> job = entities.createNativeQuery("SELECT events AS \"events\", status AS \"status\" FROM jobs WHERE id = ?1", Tuple.class)
                .setParameter(1, jobId).getResultList();
        if (job.isEmpty()) {
            return new Look(List.of(), 0, true); // gone: nothing more will come
        }
        long count = job.getFirst().get("events", Number.class).longValue();
        JobStatus status = JobStatus.of(job.getFirst().get("status", String.class));
        return new Look(count > after ? after(jobId, after) : List.of(), count, status != null && status.finished());
    }

    /**
     * As {@link #after(String, long)}, with whether the job has ended with them, waiting up to {@code wait} for one when
     * there is none yet and the job has not ended (a long poll; the calling thread waits, so call it on a virtual thread).
     * The wait is shared with every other follower of the job on this replica ({@link JobFollowers}): it looks only when
     * the job moved, here or (seen by the shared recheck) on another replica.
     */
    public JobEventList after(String jobId, long after, Duration wait) {
        long until = System.nanoTime() + wait.toNanos();
        JobFollowers.Follower follower = followers.join(jobId);
        try {
            while (true) {
                // The bell is taken before looking, so an event committed after the look rings it.
                CompletableFuture<Void> bell = follower.bell();
                Look look = look(jobId, after);
                follower.saw(look.count(), look.finished());
                long left = until - System.nanoTime();
                if (!look.events().isEmpty() || look.finished() || left <= 0) {
                    return look.answer(after);
                }
                try {
                    bell.get(left, TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    // the wait is over: the next turn answers what there is
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return new JobEventList(List.of(), false);
                }
            }
        } finally {
            followers.leave(follower);
        }
    }

    /** Whether a webhook asking for {@code asked} (comma-separated kinds; null: the default) is told of {@code kind}. */
    static boolean delivered(JobEvent.Kind kind, String asked) {
        if (asked == null) {
            return kind == JobEvent.Kind.COMPLETED || kind == JobEvent.Kind.FAILED;
        }
        return List.of(asked.split(",")).contains(kind.wire());
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
