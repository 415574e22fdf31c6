package io.mediagate.gateway.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The request's identity is the caller the admission filter ({@code limits.AdmissionFilter}) admitted: it
 * read {@code Authorization: Bearer <key>}, found the key and counted the request before anything else
 * ran. A key it did not admit (unknown, revoked, malformed) fails authentication here (401); no key is
 * anonymous. An expired key fails with a message that says so.
 */
@ApplicationScoped
public class ApiKeyAuthMechanism implements HttpAuthenticationMechanism {
    /** Where the admission filter leaves the expiry of a known key that has expired. */
    public static final String EXPIRED_AT = "mediagate.keyExpiredAt";

    /** Set on a request whose key's account is suspended (401 saying so). */
    public static final String SUSPENDED = "mediagate.accountSuspended";

    /** The message of a key whose account an administrator suspended. */
    static final String SUSPENDED_MESSAGE = "this API key's account is suspended; ask its administrator";

    /** The start of the message of a key that was valid until a given time (401 naming the expiry). */
    static final String EXPIRED_MESSAGE = "this API key expired at ";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        Caller caller = context.get(Caller.CONTEXT_KEY);
        if (caller != null) {
            return Uni.createFrom().item(caller.identity());
        }
        Instant expiredAt = context.get(EXPIRED_AT);
        if (expiredAt != null) {
            return Uni.createFrom().failure(new AuthenticationFailedException(EXPIRED_MESSAGE + expiredAt + "; ask for a new key"));
        }
        if (Boolean.TRUE.equals(context.get(SUSPENDED))) {
            return Uni.createFrom().failure(new AuthenticationFailedException(SUSPENDED_MESSAGE));
        }
        String header = context.request().getHeader("Authorization");
        if (header == null || header.isBlank()) {
            return Uni.createFrom().nullItem();
        }
        return Uni.createFrom().failure(new AuthenticationFailedException("invalid API key"));
    }

    /** The hash of the key in an {@code Authorization} header; empty when there is none or it is not {@code Bearer <key>}. */
    public static Optional<String> keyHash(String header) {
        if (header == null || header.length() > 300 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        String key = header.substring(7).trim();
        return key.isEmpty() ? Optional.empty() : Optional.of(KeyHashing.hash(key));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer"));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of();
    }
}
