package io.mediagate.common.internal;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Signs internal tokens ({@link InternalToken}) and reuses each one for half its lifetime: an RSA
 * signature per internal call costs a millisecond of CPU, per minute it costs nothing. Holds at most
 * {@value #MAX_KEPT} tokens (one per caller and scope) and starts afresh when full.
 */
@ApplicationScoped
public class InternalTokens {
    static final int MAX_KEPT = 10_000;
    private final ConcurrentHashMap<String, Signed> kept = new ConcurrentHashMap<>();
    private final Clock clock;

    public InternalTokens(Clock clock) {
        this.clock = clock;
    }

    private record Signed(String header, Instant signedAt) {}

    /** {@code Authorization} header value for a call on behalf of {@code subject}. */
    public String bearer(String subject, String tier, Set<String> groups) {
        Instant now = clock.instant();
        String id = subject + '\n' + tier + '\n' + String.join(",", new TreeSet<>(groups));
        Signed signed = kept.get(id);
        if (signed == null || signed.signedAt().plus(InternalToken.LIFETIME.dividedBy(2)).isBefore(now)) {
            if (kept.size() >= MAX_KEPT) {
                kept.clear();
            }
            signed = new Signed(InternalToken.bearer(subject, tier, groups), now);
            kept.put(id, signed);
        }
        return signed.header();
    }
}
