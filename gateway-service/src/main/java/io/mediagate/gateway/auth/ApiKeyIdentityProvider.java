package io.mediagate.gateway.auth;

import io.mediagate.common.internal.InternalToken;
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

    ApiKeyIdentityProvider(@ConfigProperty(name = "mediagate.admin.key") Optional<String> adminKey) {
        this.adminKeyHash = adminKey.filter(k -> k.length() >= 20).map(KeyHashing::hash);
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String hash = KeyHashing.hash(request.getToken().getToken());
        if (adminKeyHash.isPresent() && KeyHashing.sameHash(adminKeyHash.get(), hash)) {
            return Uni.createFrom().item(identity(ADMIN_ACCOUNT, "enterprise", InternalToken.ADMIN));
        }
        return context.runBlocking(() -> lookup(hash));
    }

    @ActivateRequestContext
    SecurityIdentity lookup(String hash) {
        ApiKey key = ApiKey.find("keyHash", hash).firstResult();
        if (key == null || key.revokedAt != null) {
            throw new AuthenticationFailedException("invalid API key");
        }
        Account account = Account.findById(key.accountId);
        if (account == null) {
            throw new AuthenticationFailedException("invalid API key");
        }
        return identity(account.id, account.tier, InternalToken.USER);
    }

    private static SecurityIdentity identity(String accountId, String tier, String role) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(accountId))
                .addRole(role)
                .addAttribute(Caller.TIER_ATTRIBUTE, tier)
                .build();
    }
}
