package io.mediagate.gateway.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Checks a bearer key: the configured administrator key, or a stored, unrevoked user key (looked up by
 * hash, never by the key itself). Anything else fails authentication.
 */
@ApplicationScoped
public class ApiKeyIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {
    public static final String ADMIN_ACCOUNT = "usr_admin";
    private final Optional<String> adminKeyHash;
    private final ObjectMapper json;

    ApiKeyIdentityProvider(@ConfigProperty(name = "mediagate.admin.key") Optional<String> adminKey, ObjectMapper json) {
        this.adminKeyHash = adminKey.filter(k -> k.length() >= 20).map(KeyHashing::hash);
        this.json = json;
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String hash = KeyHashing.hash(request.getToken().getToken());
        if (adminKeyHash.isPresent() && KeyHashing.sameHash(adminKeyHash.get(), hash)) {
            return Uni.createFrom().item(identity(ADMIN_ACCOUNT, Tier.ENTERPRISE, null, InternalToken.ADMIN));
        }
        return context.runBlocking(() -> lookup(hash));
    }

    @ActivateRequestContext
    SecurityIdentity lookup(String hash) {
        // One round trip per request: the unrevoked key and its account together.
        Account account = Account.getEntityManager()
                .createQuery("select a from Account a, ApiKey k where k.keyHash = :h and k.revokedAt is null and a.id = k.accountId",
                        Account.class)
                .setParameter("h", hash)
                .getResultStream().findFirst()
                .orElseThrow(() -> new AuthenticationFailedException("invalid API key"));
        return identity(account.id, Tier.parse(account.tier).orElse(Tier.FREE), account.limits, InternalToken.USER);
    }

    private SecurityIdentity identity(String accountId, Tier tier, String overrides, String role) {
        Tier.Limits limits = tier.limits();
        if (overrides != null) {
            try {
                limits = json.readValue(overrides, AccountLimits.class).over(limits);
            } catch (java.io.IOException e) {
                throw new IllegalStateException("stored limits of " + accountId + " are unreadable", e);
            }
        }
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(accountId))
                .addRole(role)
                .addAttribute(Caller.TIER_ATTRIBUTE, tier.wire())
                .addAttribute(Caller.LIMITS_ATTRIBUTE, limits)
                .build();
    }
}
