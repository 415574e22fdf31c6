package io.mediagate.common.outbox;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The one outbox relay every service uses: messages written in the same transaction as their change (a job's end,
 * a stored file) are sent to Kafka after the commit and deleted once Kafka acknowledged them. Rows just committed
 * can be handed over at once ({@link #publish}: the waiting caller hears without delay); rows older than
 * {@code sweepAfter} that are not on their way (their process died, Kafka refused them) are sent again by
 * {@link #sweep} on any replica. A message may so be sent twice, never lost; every consumer applies it once.
 * The service schedules {@link #sweep} and {@link #deleteSent}.
 */
public final class Outbox<R> {
    private static final Logger LOG = Logger.getLogger(Outbox.class);
    private final String name;
    private final OutboxStore<R> store;
    private final Function<R, CompletionStage<Void>> sender;
    private final Clock clock;
    private final Duration sweepAfter;
    private final int batch;
    /** Rows handed to Kafka and not yet acknowledged. */
    private final Set<Long> sending = ConcurrentHashMap.newKeySet();
    /** Rows acknowledged and not yet deleted. */
    private final Set<Long> sent = ConcurrentHashMap.newKeySet();

    /**
     * @param name       what the messages are, for the log ({@code "storage events"})
     * @param sender     sends one row; its stage completes when Kafka acknowledged it
     * @param sweepAfter how old a row must be before a sweep sends it again (zero: a sweep sends every row not on its way)
     * @param batch      rows read or deleted at a time
     */
    public Outbox(String name, OutboxStore<R> store, Function<R, CompletionStage<Void>> sender, Clock clock, Duration sweepAfter,
                  int batch) {
        this.name = name;
        this.store = store;
        this.sender = sender;
        this.clock = clock;
        this.sweepAfter = sweepAfter;
        this.batch = batch;
    }

    /** Sends rows just committed, without waiting for Kafka (a failure leaves them to the sweep). */
    public void publish(List<R> rows) {
        rows.forEach(this::send);
    }

    private CompletableFuture<Void> send(R row) {
        long id = store.id(row);
        if (!sending.add(id)) {
            return CompletableFuture.completedFuture(null);
        }
        CompletionStage<Void> acknowledged;
        try {
            acknowledged = sender.apply(row);
        } catch (RuntimeException e) { // the sender's buffer is full, say: the sweep sends it later
            sending.remove(id);
            LOG.warnf("%s row %d not handed to Kafka (%s); the sweep retries", name, id, e.toString());
            return CompletableFuture.failedFuture(e);
        }
        return acknowledged.toCompletableFuture().whenComplete((ok, failure) -> {
            if (failure == null) {
                sent.add(id); // before it leaves sending, so a sweep in between does not send it again
            } else {
                LOG.warnf("%s row %d not published yet (%s); the sweep retries", name, id, failure.toString());
            }
            sending.remove(id);
        });
    }

    /** Deletes acknowledged rows, a batch at a time; a failure leaves them for the next call. */
    public void deleteSent() {
        while (!sent.isEmpty()) {
            List<Long> ids = sent.stream().limit(batch).toList();
            try {
                store.delete(ids);
            } catch (RuntimeException e) {
                LOG.warnf("published %s not deleted yet: %s", name, e.toString());
                return;
            }
            ids.forEach(sent::remove);
        }
    }

    /**
     * Sends again the rows older than {@code sweepAfter} that are not on their way, a batch at most, and waits for
     * Kafka (30 s at most). Returns how many of them Kafka acknowledged (a full batch: more may be waiting).
     */
    public int sweep() {
        try {
            List<CompletableFuture<Boolean>> resent = new ArrayList<>();
            for (R row : store.writtenBefore(clock.instant().minus(sweepAfter), batch)) {
                long id = store.id(row);
                if (!sending.contains(id) && !sent.contains(id)) {
                    resent.add(send(row).thenApply(ok -> true).exceptionally(failure -> false));
                }
            }
            if (resent.isEmpty()) {
                return 0;
            }
            // Rows left behind are worth a line; rows a sweep-only outbox sends as its routine are not.
            LOG.logf(sweepAfter.isZero() ? Logger.Level.DEBUG : Logger.Level.INFO, "sending %d %s again", resent.size(), name);
            CompletableFuture.allOf(resent.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            return (int) resent.stream().filter(CompletableFuture::join).count();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (Exception e) {
            // Kafka or the database unavailable (or the service starting or stopping): the rows wait.
            LOG.warnf("%s sweep postponed: %s", name, e.toString());
            return 0;
        }
    }
}
