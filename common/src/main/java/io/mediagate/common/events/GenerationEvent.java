package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.values.MediaKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A finished generation on {@code generation.events}: usage charges it (once per {@code jobId}),
 * catalog learns provider health from its attempts, the gateway settles the spend it reserved for the job
 * (against the caps of the account and of {@code keyId}, the key the request came with). {@code status} is how the
 * job ended: succeeded, failed or cancelled. {@code batchId} names the batch of a batch's line (usage books its spend apart).
 */
public record GenerationEvent(
        String jobId,
        String userId,
        MediaKind kind,
        JobStatus status,
        String model,
        String provider,
        BigDecimal price,
        int items,
        List<Stats.Attempt> attempts,
        Instant occurredAt,
        String keyId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String batchId) {

    /** The event of a job that is no batch's line. */
    public GenerationEvent(String jobId, String userId, MediaKind kind, JobStatus status, String model, String provider, BigDecimal price,
                           int items, List<Stats.Attempt> attempts, Instant occurredAt, String keyId) {
        this(jobId, userId, kind, status, model, provider, price, items, attempts, occurredAt, keyId, null);
    }
}
