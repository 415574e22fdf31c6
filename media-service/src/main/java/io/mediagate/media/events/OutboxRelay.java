package io.mediagate.media.events;

import io.mediagate.common.tracing.Tracing;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes the outbox on {@code storage.events}, a batch at a time, keyed by media id; a row is deleted only
 * after Kafka acknowledged it. A crash in between publishes the row again, which the ledger ignores
 * (it applies each change once per media id). Replicas may both publish a row; the same holds.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;
    private final MutinyEmitter<String> emitter;
    private final Tracing tracing;

    OutboxRelay(@Channel("storage-events") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 2 * BATCH)
                MutinyEmitter<String> emitter, Tracing tracing) {
        this.emitter = emitter;
        this.tracing = tracing;
    }

    @Scheduled(every = "${mediagate.outbox.every}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void relay() {
        try {
            relayAll();
        } catch (RuntimeException e) {
            // Kafka or the database unavailable (or the service starting or stopping): the rows wait.
            LOG.warnf("storage events not relayed now: %s", e.toString());
        }
    }

    /** A batch at a time: every row sent, then the acknowledged ones deleted in one transaction. */
    private void relayAll() {
        List<OutboxRow> rows;
        do {
            rows = QuarkusTransaction.requiringNew().call(() -> OutboxRow.<OutboxRow>find("order by id").page(0, BATCH).list());
            List<Long> acknowledged = new ArrayList<>();
            List<Uni<Void>> sends = rows.stream().map(row -> emitter.sendMessage(Message.of(row.payload).addMetadata(
                            OutgoingKafkaRecordMetadata.<String>builder().withKey(row.mediaId).build())
                            // The trace the change was made in, however late its event is sent.
                            .addMetadata(TracingMetadata.withCurrent(tracing.restore(row.trace))))
                    .invoke(() -> {
                        synchronized (acknowledged) {
                            acknowledged.add(row.id);
                        }
                    })
                    .onFailure().invoke(f -> LOG.warnf("storage event for %s not published yet (%s); will retry", row.mediaId, f.getMessage()))
                    .onFailure().recoverWithNull()).toList();
            if (!sends.isEmpty()) {
                Uni.join().all(sends).andCollectFailures().await().atMost(Duration.ofSeconds(30));
            }
            if (!acknowledged.isEmpty()) {
                QuarkusTransaction.requiringNew().run(() -> OutboxRow.delete("id in ?1", acknowledged));
            }
            if (acknowledged.size() < rows.size()) {
                return;
            }
        } while (rows.size() == BATCH);
    }
}
