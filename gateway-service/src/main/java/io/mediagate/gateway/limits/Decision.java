package io.mediagate.gateway.limits;

/**
 * The outcome of counting one request: allowed or not, and the window the {@code X-RateLimit-*} headers
 * describe (the one with the fewest requests left, or the one that is full).
 */
public record Decision(boolean allowed, String window, int limit, int remaining, long reset, long retryAfter) implements Count {
}
