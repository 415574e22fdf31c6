package io.mediagate.routing.jobs;

import io.mediagate.common.tracing.Tracing;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes the job outbox. A job's end hands its rows over as soon as its transaction commits, and they
 * are sent without waiting (the waiting gateway hears at once); acknowledged rows are deleted in batches.
 * Rows older than {@code mediagate.outbox.sweep-after} that are not on their way (their process died, or
 * Kafka refused them) are sent again by a sweep on any replica. A message may so be sent twice, never
 * lost: every consumer applies a job's end once (the ledger by job id, lease releases and replies are
 * idempotent).
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 500;
    private final MutinyEmitter<String> emitter;
    private final Tracing tracing;
    private final Clock clock;
    private final Duration sweepAfter;
    /** Rows handed to Kafka and not yet acknowledged. */
    private final Set<Long> sending = ConcurrentHashMap.newKeySet();
    /** Rows acknowledged and not yet deleted. */
    private final Set<Long> sent = ConcurrentHashMap.newKeySet();

    OutboxRelay(@Channel("job-outbox") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 65536) MutinyEmitter<String> emitter,
                Tracing tracing, Clock clock,
                @ConfigProperty(name = "mediagate.outbox.sweep-after", defaultValue = "10s") Duration sweepAfter) {
        this.emitter = emitter;
        this.tracing = tracing;
        this.clock = clock;
        this.sweepAfter = sweepAfter;
    }

    /** Sends rows just committed; does not wait for the broker (a failure leaves them to the sweep). */
    public void publish(List<OutboxRow> rows) {
        rows.forEach(row -> send(row).subscribe().with(ok -> { }, failure -> { }));
    }

    private Uni<Void> send(OutboxRow row) {
        if (!sending.add(row.id)) {
            return Uni.createFrom().voidItem();
        }
        RecordHeaders headers = new RecordHeaders();
        if (row.correlation != null) {
            headers.add(ReplyAddress.CORRELATION_HEADER, new ReplyAddress(row.topic, row.correlation).correlationBytes());
        }
        Message<String> message = Message.of(row.payload).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(row.topic).withKey(row.jobId).withHeaders(headers).build())
                // The job's trace, however late the row is sent (a sweep runs in no trace of its own).
                .addMetadata(TracingMetadata.withCurrent(tracing.restore(row.trace)));
        Uni<Void> sending;
        try {
            sending = emitter.sendMessage(message);
        } catch (RuntimeException e) { // the emitter's buffer is full: the sweep sends it later
            this.sending.remove(row.id);
            return Uni.createFrom().failure(e);
        }
        return sending
                .invoke(() -> sent.add(row.id))
                .onFailure().invoke(f -> LOG.warnf("%s of %s not published yet (%s); the sweep retries", row.topic, row.jobId, f.toString()))
                .eventually(() -> this.sending.remove(row.id));
    }

    @Scheduled(every = "${mediagate.outbox.delete-every:1s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void deleteSent() {
        while (!sent.isEmpty()) {
            List<Long> ids = sent.stream().limit(BATCH).toList();
            try {
                QuarkusTransaction.requiringNew().run(() -> OutboxRow.delete("id in ?1", ids));
            } catch (RuntimeException e) {
                LOG.warnf("published outbox rows not deleted yet: %s", e.toString());
                return;
            }
            ids.forEach(sent::remove);
        }
    }

    @Scheduled(every = "${mediagate.outbox.sweep-every:5s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void sweep() {
        try {
            List<OutboxRow> stale = QuarkusTransaction.requiringNew().call(() -> OutboxRow.<OutboxRow>find(
                    "createdAt < ?1 order by id", clock.instant().minus(sweepAfter)).page(0, BATCH).list());
            List<Uni<Void>> resent = new ArrayList<>();
            for (OutboxRow row : stale) {
                if (!sending.contains(row.id) && !sent.contains(row.id)) {
                    resent.add(send(row).onFailure().recoverWithNull());
                }
            }
            if (!resent.isEmpty()) {
                LOG.infof("sending %d outbox messages again", resent.size());
                Uni.join().all(resent).andCollectFailures().await().atMost(Duration.ofSeconds(30));
            }
        } catch (RuntimeException e) {
            // Kafka or the database unavailable (or the service starting or stopping): the rows wait.
            LOG.warnf("outbox sweep postponed: %s", e.toString());
        }
    }
}
