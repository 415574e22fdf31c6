package io.mediagate.routing.batches;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenAI's batch object, as its SDKs read it: times in Unix seconds (null until reached), {@code request_counts},
 * {@code errors} when validation failed, the caller's {@code metadata}.
 */
final class BatchObject {
    private BatchObject() {
    }

    static Map<String, Object> of(BatchRecord batch, ObjectMapper json) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", batch.id);
        out.put("object", "batch");
        out.put("endpoint", batch.endpoint);
        out.put("errors", batch.errors == null ? null : Map.of("object", "list", "data", read(json, batch.errors)));
        out.put("input_file_id", batch.inputFileId);
        out.put("completion_window", batch.completionWindow);
        out.put("status", batch.status);
        out.put("output_file_id", batch.outputFileId);
        out.put("error_file_id", batch.errorFileId);
        out.put("created_at", seconds(batch.createdAt));
        out.put("in_progress_at", seconds(batch.inProgressAt));
        out.put("expires_at", seconds(batch.expiresAt));
        out.put("finalizing_at", seconds(batch.finalizingAt));
        out.put("completed_at", seconds(batch.completedAt));
        out.put("failed_at", seconds(batch.failedAt));
        out.put("expired_at", seconds(batch.expiredAt));
        out.put("cancelling_at", seconds(batch.cancellingAt));
        out.put("cancelled_at", seconds(batch.cancelledAt));
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("total", batch.total);
        counts.put("completed", batch.completed);
        counts.put("failed", batch.failed);
        out.put("request_counts", counts);
        out.put("metadata", batch.metadata == null ? null : read(json, batch.metadata));
        out.put("budget", batch.budget == null ? null : batch.budget.stripTrailingZeros());
        out.put("spend", batch.spent.signum() == 0 ? BigDecimal.ZERO : batch.spent.stripTrailingZeros());
        return out;
    }

    private static Long seconds(Instant at) {
        return at == null ? null : at.getEpochSecond();
    }

    private static JsonNode read(ObjectMapper json, String stored) {
        try {
            return json.readTree(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored batch field is not JSON", e);
        }
    }
}
