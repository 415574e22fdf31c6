package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ErrorBody;
import java.math.BigDecimal;
import java.util.List;

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
}
