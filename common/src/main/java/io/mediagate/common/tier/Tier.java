package io.mediagate.common.tier;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Optional;

/**
 * Account tiers and their default limits from the specification. Enterprise numbers are per-account
 * configuration; the defaults here are only its starting point.
 */
public enum Tier {
    FREE(new Limits(10, 100, 1_000, 2, 2, 1, 5, 1L << 30, 7)),
    BASIC(new Limits(30, 500, 5_000, 5, 5, 2, 10, 10L << 30, 30)),
    PRO(new Limits(100, 2_000, 20_000, 20, 20, 5, 25, 100L << 30, 90)),
    ENTERPRISE(new Limits(1_000, 20_000, 200_000, 100, 100, 25, 100, 1L << 40, 365));

    /**
     * Requests per window, video generations per minute, concurrent generations, job event streams open at once per key
     * (a few more than the generations that can run, so that each running job can be followed), storage and retention.
     */
    public record Limits(int perMinute, int perHour, int perDay, int videoPerMinute,
                         int concurrentImages, int concurrentVideos, int eventStreams, long storageBytes, int retentionDays) {}

    private final Limits limits;

    Tier(Limits limits) {
        this.limits = limits;
    }

    public Limits limits() {
        return limits;
    }

    /** The tier's name on the wire, in tokens and in the accounts table: {@code free}, {@code basic}, {@code pro}, {@code enterprise}. */
    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Tier> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (Tier t : values()) {
            if (t.wire().equalsIgnoreCase(value.trim())) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The tier a wire value names; null for null or a name this version does not know (treated as Free). */
    @JsonCreator
    public static Tier of(String value) {
        return parse(value).orElse(null);
    }

    /** The limits of the tier named {@code value}; an unknown or missing tier gets Free's. */
    public static Limits limitsOf(String value) {
        return parse(value).orElse(FREE).limits();
    }

    /** {@code tier}, or Free for a missing (or unknown) one. */
    public static Tier orFree(Tier tier) {
        return tier == null ? FREE : tier;
    }
}
