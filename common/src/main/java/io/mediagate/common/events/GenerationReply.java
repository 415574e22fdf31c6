package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Routing's answer to a {@link GenerationRequest}: the media, price and stats, or the failure. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationReply(
        String jobId,
        boolean success,
        List<MediaItem> data,
        BigDecimal price,
        Stats stats,
        ErrorBody error) {

    public static GenerationReply ok(String jobId, List<MediaItem> data, BigDecimal price, Stats stats) {
        return new GenerationReply(jobId, true, data, price, stats, null);
    }

    public static GenerationReply failed(String jobId, ErrorBody error, Stats stats) {
        return new GenerationReply(jobId, false, null, BigDecimal.ZERO, stats, error);
    }

    /** The answer for a job its owner cancelled. */
    public static GenerationReply cancelled(String jobId) {
        return failed(jobId, ErrorBody.of(ErrorCode.JOB_CANCELLED, "the job was cancelled", null, null, Map.of()), null);
    }

    @JsonIgnore
    public boolean isCancelled() {
        return error != null && ErrorCode.JOB_CANCELLED.code().equals(error.code);
    }
}
