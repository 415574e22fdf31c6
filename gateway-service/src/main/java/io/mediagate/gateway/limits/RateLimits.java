package io.mediagate.gateway.limits;

import io.mediagate.common.tier.Tier;

/** Requests allowed per window for one caller. */
public record RateLimits(int perMinute, int perHour, int perDay, int videoPerMinute) {
    public static RateLimits of(Tier.Limits l) {
        return new RateLimits(l.perMinute(), l.perHour(), l.perDay(), l.videoPerMinute());
    }

    int limit(Window w) {
        return switch (w) {
            case MINUTE -> perMinute;
            case HOUR -> perHour;
            case DAY -> perDay;
            case VIDEO_MINUTE -> videoPerMinute;
        };
    }
}
