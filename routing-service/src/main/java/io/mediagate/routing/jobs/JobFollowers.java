package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The jobs whose events someone is waiting for on this replica (long polls of {@code GET /v1/jobs/{id}/events}), one
 * {@link Follower} per job however many wait for it: its bell rings when an event of the job commits here, and one look
 * at the jobs table every {@code mediagate.jobs.events-recheck} for all followed jobs at once rings those that moved on
 * another replica. So open streams cost the database one query per interval per replica, not one per stream: before,
 * every waiter looked again every 500 ms on the pool job processing uses. Every read made for followers is counted
 * ({@code mediagate_job_event_reads_total}).
 */
@ApplicationScoped
public class JobFollowers {
    private static final Logger LOG = Logger.getLogger(JobFollowers.class);
    /** Most job ids in one look's {@code IN} list. */
    private static final int CHUNK = 500;
    private final Map<String, Follower> followed = new ConcurrentHashMap<>();
    private final EntityManager entities;
    private final Counter reads;

    JobFollowers(EntityManager entities, MeterRegistry registry) {
        this.entities = entities;
        this.reads = Counter.builder("mediagate.job.event.reads")
                .description("Database reads made for followers of job events (their looks and the shared rechecks)").register(registry);
    }

    /**
     * The waiters of one job on this replica: the bell they all wait on (rung and replaced when the job moves) and what
     * was last seen of the job, so that a look that finds it unchanged rings nobody.
     */
    public static final class Follower {
        private final String jobId;
        private int waiters;
        private CompletableFuture<Void> bell = new CompletableFuture<>();
        private long events = -1;
        private boolean finished;

        private Follower(String jobId) {
            this.jobId = jobId;
        }

        /** The bell to wait on; take it before looking, so that a change after the look rings it. */
        public synchronized CompletableFuture<Void> bell() {
            return bell;
        }

        /** What a look saw of the job: rings the waiters when it moved since the last look. */
        synchronized void saw(long count, boolean ended) {
            if (count != events || ended != finished) {
                events = count;
                finished = ended;
                ring();
            }
        }

        synchronized void ring() {
            CompletableFuture<Void> rung = bell;
            bell = new CompletableFuture<>();
            rung.complete(null);
        }
    }

    /** Joins the followers of job {@code jobId} (one per job on this replica); {@link #leave} when done. */
    public Follower join(String jobId) {
        return followed.compute(jobId, (id, f) -> {
            Follower follower = f == null ? new Follower(id) : f;
            synchronized (follower) {
                follower.waiters++;
            }
            return follower;
        });
    }

    public void leave(Follower follower) {
        followed.computeIfPresent(follower.jobId, (id, f) -> {
            synchronized (f) {
                return --f.waiters <= 0 ? null : f;
            }
        });
    }

    /** An event of job {@code jobId} committed on this replica: its waiters look now. */
    void committed(String jobId) {
        Follower follower = followed.get(jobId);
        if (follower != null) {
            follower.ring();
        }
    }

    /** Counts one read made for a follower (its own look at the job and its events). */
    void read() {
        reads.increment();
    }

    /** Jobs followed on this replica now. */
    public int followed() {
        return followed.size();
    }

    /**
     * The shared recheck: one query for every followed job (in chunks), ringing those whose event count or state moved
     * since the last look, which is how an event written on another replica reaches the waiters here.
     */
    @Scheduled(every = "${mediagate.jobs.events-recheck:500ms}", delayed = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void recheck() {
        if (followed.isEmpty()) {
            return;
        }
        List<String> ids = new ArrayList<>(followed.keySet());
        try {
            for (int from = 0; from < ids.size(); from += CHUNK) {
                List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
                List<?> rows = QuarkusTransaction.requiringNew().call(() -> entities
                        .createNativeQuery("SELECT id AS \"id\", events AS \"events\", status AS \"status\" FROM jobs WHERE id IN (:ids)",
                                Tuple.class).setParameter("ids", chunk).getResultList());
                reads.increment();
                for (Object row : rows) {
                    Tuple job = (Tuple) row;
                    Follower follower = followed.get(job.get("id", String.class));
                    if (follower != null) {
                        JobStatus status = JobStatus.of(job.get("status", String.class));
                        follower.saw(job.get("events", Number.class).longValue(), status != null && status.finished());
                    }
                }
            }
        } catch (RuntimeException e) {
            // the database is unreachable for now: waiters still hear this replica's commits and time out as usual
            LOG.debugf("job followers could not look at their jobs: %s", e.toString());
        }
    }
}
