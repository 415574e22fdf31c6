package io.mediagate.routing.jobs;

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
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Publishes the job outbox through the common {@link Outbox}: a job's end hands its rows over as soon as its
 * transaction commits, and they are sent without waiting (the waiting gateway hears at once); rows older than
 * {@code mediagate.outbox.sweep-after} that are not on their way are sent again by a sweep on any replica. Every
 * consumer applies a job's end once (the ledger by job id; lease releases and replies are idempotent).
 */
@ApplicationScoped
public class JobOutboxRelay {
    private static final int BATCH = 500;
    private final Outbox<JobOutboxRow> outbox;

    JobOutboxRelay(@Channel("job-outbox") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 65536) MutinyEmitter<String> emitter,
                   Tracing tracing, Clock clock,
                   @ConfigProperty(name = "mediagate.outbox.sweep-after", defaultValue = "10s") Duration sweepAfter) {
        this.outbox = new Outbox<>("job outbox messages", new Rows(),
                row -> emitter.sendMessage(message(row, tracing)).subscribeAsCompletionStage(), clock, sweepAfter, BATCH);
    }

    /** A row as its topic's message, keyed by job id, with a reply's correlation and the job's trace. */
    private static Message<String> message(JobOutboxRow row, Tracing tracing) {
        RecordHeaders headers = new RecordHeaders();
        if (row.correlation != null) {
            headers.add(ReplyAddress.CORRELATION_HEADER, new ReplyAddress(row.topic, row.correlation).correlationBytes());
        }
        return Message.of(row.payload).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withTopic(row.topic).withKey(row.jobId).withHeaders(headers).build())
                // The job's trace, however late the row is sent (a sweep runs in no trace of its own).
                .addMetadata(TracingMetadata.withCurrent(tracing.restore(row.trace)));
    }

    /** Sends rows just committed; does not wait for the broker (a failure leaves them to the sweep). */
    public void publish(List<JobOutboxRow> rows) {
        outbox.publish(rows);
    }

    @Scheduled(every = "${mediagate.outbox.delete-every:1s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void deleteSent() {
        outbox.deleteSent();
    }

    @Scheduled(every = "${mediagate.outbox.sweep-every:5s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void sweep() {
        outbox.sweep();
    }

    /** The {@code job_outbox} table, each call in a transaction of its own. */
    private static final class Rows implements OutboxStore<JobOutboxRow> {
        @Override
        public List<JobOutboxRow> writtenBefore(Instant before, int limit) {
            return QuarkusTransaction.requiringNew().call(() -> JobOutboxRow.<JobOutboxRow>find("createdAt < ?1 order by id", before)
                    .page(0, limit).list());
        }

        @Override
        public void delete(List<Long> ids) {
            QuarkusTransaction.requiringNew().run(() -> JobOutboxRow.delete("id in ?1", ids));
        }

        @Override
        public long id(JobOutboxRow row) {
            return row.id;
        }
    }
}
