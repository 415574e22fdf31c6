package io.mediagate.media.events;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Publishes the outbox on {@code storage.events}, oldest first, keyed by media id; a row is deleted only
 * after Kafka acknowledged it. A crash in between publishes the row again, which the ledger ignores
 * (it applies each change once per media id). Replicas may both publish a row; the same holds.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;
    private final MutinyEmitter<String> emitter;

    OutboxRelay(@Channel("storage-events") MutinyEmitter<String> emitter) {
        this.emitter = emitter;
    }

    @Scheduled(every = "${mediagate.outbox.every}", delayed = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void relay() {
        try {
            relayAll();
        } catch (RuntimeException e) {
            // Kafka or the database unavailable (or the service starting or stopping): the rows wait.
            LOG.warnf("storage events not relayed now: %s", e.toString());
        }
    }

    private void relayAll() {
        List<OutboxRow> rows;
        do {
            rows = QuarkusTransaction.requiringNew().call(() -> OutboxRow.<OutboxRow>find("order by id").page(0, BATCH).list());
            for (OutboxRow row : rows) {
                try {
                    emitter.sendMessageAndAwait(Message.of(row.payload).addMetadata(
                            OutgoingKafkaRecordMetadata.<String>builder().withKey(row.mediaId).build()));
                } catch (RuntimeException e) {
                    LOG.warnf("storage event for %s not published yet (%s); will retry", row.mediaId, e.getMessage());
                    return;
                }
                QuarkusTransaction.requiringNew().run(() -> OutboxRow.deleteById(row.id));
            }
        } while (rows.size() == BATCH);
    }
}
