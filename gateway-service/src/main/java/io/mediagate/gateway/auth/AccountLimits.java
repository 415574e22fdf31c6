package io.mediagate.gateway.auth;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.tier.Tier;

/**
 * Per-account overrides of the tier's limits (how Enterprise accounts get their custom numbers).
 * Null fields keep the tier's value.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AccountLimits(Integer perMinute, Integer perHour, Integer perDay, Integer videoPerMinute,
                            Integer concurrentImages, Integer concurrentVideos, Integer eventStreams) {

    /** The tier's limits with these overrides applied. */
    public Tier.Limits over(Tier.Limits t) {
        return new Tier.Limits(or(perMinute, t.perMinute()), or(perHour, t.perHour()), or(perDay, t.perDay()),
                or(videoPerMinute, t.videoPerMinute()), or(concurrentImages, t.concurrentImages()),
                or(concurrentVideos, t.concurrentVideos()), or(eventStreams, t.eventStreams()), t.storageBytes(), t.retentionDays());
    }

    /** Every given value must be a positive count. */
    public AccountLimits validated() {
        for (Integer v : new Integer[] {perMinute, perHour, perDay, videoPerMinute, concurrentImages, concurrentVideos, eventStreams}) {
            if (v != null && (v < 1 || v > 10_000_000)) {
                throw ApiException.invalid("limits", "limits must be whole numbers from 1 to 10000000");
            }
        }
        return this;
    }

    private static int or(Integer override, int fallback) {
        return override == null ? fallback : override;
    }
}
