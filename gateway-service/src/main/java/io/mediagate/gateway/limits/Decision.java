package io.mediagate.gateway.limits;

import java.util.List;

/**
 * The outcome of counting one request: allowed or not, the window the {@code X-RateLimit-*} headers
 * describe (the one with the fewest requests left, or the one that is full), and the counters the request was
 * counted in (none when refused), so that they can be given back when a later limit refuses it.
 */
public record Decision(boolean allowed, String window, int limit, int remaining, long reset, long retryAfter,
                       List<String> counted) implements Count {
    public Decision {
        counted = List.copyOf(counted);
    }

    /** The same decision after the request was given back: one more request left, nothing counted. */
    public Decision refunded() {
        return new Decision(allowed, window, limit, Math.min(limit, remaining + 1), reset, retryAfter, List.of());
    }
}
