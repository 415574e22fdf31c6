package io.mediagate.common.internal;

import io.smallrye.jwt.build.Jwt;
import java.time.Duration;
import java.util.Set;

/**
 * Short-lived internal JWTs that carry a verified caller between services. The gateway signs one per
 * forwarded request (subject = user id, tier claim, groups = scopes); services sign {@code service}
 * tokens for their own calls. Owning services verify them with the public key and never trust bare headers.
 */
public final class InternalToken {
    public static final String ISSUER = "mediagate";
    public static final String AUDIENCE = "mediagate-internal";
    public static final String TIER_CLAIM = "tier";
    /** Group of a request made on behalf of an API caller. */
    public static final String USER = "user";
    /** Group of the administrator's requests. */
    public static final String ADMIN = "admin";
    /** Group of a service acting on its own behalf (e.g. routing storing a result). */
    public static final String SERVICE = "service";
    public static final Duration LIFETIME = Duration.ofSeconds(60);

    private InternalToken() {
    }

    /** Signs with the key configured as {@code smallrye.jwt.sign.key} / {@code .location}. */
    public static String issue(String subject, String tier, Set<String> groups) {
        return Jwt.issuer(ISSUER)
                .audience(AUDIENCE)
                .subject(subject)
                .groups(groups)
                .claim(TIER_CLAIM, tier == null ? "" : tier)
                .expiresIn(LIFETIME)
                .sign();
    }

    /** The header value to send. */
    public static String bearer(String subject, String tier, Set<String> groups) {
        return "Bearer " + issue(subject, tier, groups);
    }
}
