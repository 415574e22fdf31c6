package io.mediagate.routing.batches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Cancelling a batch, as OpenAI's does: it turns {@code cancelling} at once, its lines not yet dispatched never run
 * (each an error line {@code batch_cancelled}), the ones running finish, and then it is {@code cancelled} with the files
 * of what it did. So does a batch past its window, as {@code batch_expired}, ending {@code expired}. A line that never runs
 * gives back what it reserved of its caller's spend caps ({@link NeverRun}).
 */
@ApplicationScoped
class BatchCancellation {
    private final ObjectMapper json;
    private final Clock clock;
    private final NeverRun neverRun;

    BatchCancellation(ObjectMapper json, Clock clock, NeverRun neverRun) {
        this.json = json;
        this.clock = clock;
        this.neverRun = neverRun;
    }

    BatchRecord cancel(String id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            BatchRecord batch = BatchRecord.findById(id, LockModeType.PESSIMISTIC_WRITE);
            switch (batch.status) {
                case BatchStatus.CANCELLING, BatchStatus.CANCELLED -> throw new ApiException(ErrorCode.JOB_CANCELLED,
                        "batch " + id + " is " + batch.status + " already");
                case BatchStatus.IN_PROGRESS -> {
                    batch.status = BatchStatus.CANCELLING;
                    batch.cancellingAt = Instant.now(clock);
                    stopPending(batch, "batch_cancelled", "the batch was cancelled before this request ran");
                    return batch;
                }
                default -> throw new ApiException(ErrorCode.JOB_FINISHED, "batch " + id + " is " + batch.status
                        + "; only a batch in progress can be cancelled");
            }
        });
    }

    /** Within the batch's locked transaction: its lines not dispatched yet end as never run. */
    void stopPending(BatchRecord batch, String code, String message) {
        List<BatchLineRecord> pending = BatchLineRecord.list("batchId = ?1 and status = ?2", batch.id, BatchLineRecord.PENDING);
        for (BatchLineRecord line : pending) {
            neverRun.ended(batch, line);
            line.status = BatchLineRecord.CANCELLED;
            line.request = null;
            line.response = OutputLines.notRun(json, line.customId, code, message);
            batch.failed++;
        }
    }
}
