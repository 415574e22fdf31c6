package io.mediagate.media.events;

import io.mediagate.common.outbox.Outbox;
import io.mediagate.common.outbox.OutboxStore;
import io.mediagate.common.tracing.Tracing;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Publishes the storage outbox on {@code storage.events} through the common {@link Outbox}, keyed by media id:
 * every {@code mediagate.outbox.every} each row not on its way is sent, and a row is deleted only after Kafka
 * acknowledged it. A crash in between publishes the row again, which the ledger ignores (it applies each change
 * once per media id). Replicas may both publish a row; the same holds.
 */
@ApplicationScoped
public class StorageOutboxRelay {
    private static final int BATCH = 200;
    private final Outbox<StorageOutboxRow> outbox;

    StorageOutboxRelay(@Channel("storage-events") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 2 * BATCH)
                       MutinyEmitter<String> emitter, Tracing tracing, Clock clock) {
        this.outbox = new Outbox<>("storage events", new Rows(), row -> emitter.sendMessage(Message.of(row.payload)
                        .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(row.mediaId).build())
                        // The trace the change was made in, however late its event is sent.
                        .addMetadata(TracingMetadata.withCurrent(tracing.restore(row.trace)))).subscribeAsCompletionStage(),
                clock, Duration.ZERO, BATCH);
    }

    @Scheduled(every = "${mediagate.outbox.every}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void relay() {
        int acknowledged;
        do { // a burst of stored files drains in one run, a batch at a time
            acknowledged = outbox.sweep();
            outbox.deleteSent();
        } while (acknowledged == BATCH);
    }

    /** The {@code storage_outbox} table, each call in a transaction of its own. */
    private static final class Rows implements OutboxStore<StorageOutboxRow> {
        @Override
        public List<StorageOutboxRow> writtenBefore(Instant before, int limit) {
            return QuarkusTransaction.requiringNew().call(() -> StorageOutboxRow.<StorageOutboxRow>find("createdAt < ?1 order by id",
                    before).page(0, limit).list());
        }

        @Override
        public void delete(List<Long> ids) {
            QuarkusTransaction.requiringNew().run(() -> StorageOutboxRow.delete("id in ?1", ids));
        }

        @Override
        public long id(StorageOutboxRow row) {
            return row.id;
        }
    }
}
