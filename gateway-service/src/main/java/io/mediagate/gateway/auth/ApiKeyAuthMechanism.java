package io.mediagate.gateway.auth;

import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/** Reads {@code Authorization: Bearer <key>}; the identity provider checks the key. */
@ApplicationScoped
public class ApiKeyAuthMechanism implements HttpAuthenticationMechanism {
    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        String header = context.request().getHeader("Authorization");
        if (header == null || header.isBlank()) {
            return Uni.createFrom().nullItem();
        }
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7) || header.length() > 300) {
            return Uni.createFrom().failure(new io.quarkus.security.AuthenticationFailedException("malformed Authorization header"));
        }
        String key = header.substring(7).trim();
        return identities.authenticate(new TokenAuthenticationRequest(new TokenCredential(key, "bearer")));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer"));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }
}
