package io.mediagate.gateway.auth;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import java.util.Set;

/** The authenticated caller: account id, tier, effective limits and whether it is the administrator. */
public record Caller(String accountId, String tier, Tier.Limits limits, boolean admin) {
    /** Where the admission filter leaves a request's admitted caller for {@link ApiKeyAuthMechanism}. */
    public static final String CONTEXT_KEY = "mediagate.caller";
    public static final String ADMIN_ACCOUNT = "usr_admin";
    static final String TIER_ATTRIBUTE = "mediagate.tier";
    static final String LIMITS_ATTRIBUTE = "mediagate.limits";

    /** The holder of the configured administrator key. */
    static Caller administrator() {
        return new Caller(ADMIN_ACCOUNT, Tier.ENTERPRISE.wire(), Tier.ENTERPRISE.limits(), true);
    }

    public static Caller of(SecurityIdentity identity) {
        String tier = identity.getAttribute(TIER_ATTRIBUTE);
        Tier.Limits limits = identity.getAttribute(LIMITS_ATTRIBUTE);
        return new Caller(identity.getPrincipal().getName(), tier,
                limits != null ? limits : Tier.limitsOf(tier), identity.hasRole(InternalToken.ADMIN));
    }

    /** This caller as the request's security identity (role admin or user). */
    SecurityIdentity identity() {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(accountId))
                .addRole(admin ? InternalToken.ADMIN : InternalToken.USER)
                .addAttribute(TIER_ATTRIBUTE, tier)
                .addAttribute(LIMITS_ATTRIBUTE, limits)
                .build();
    }

    /** Internal token groups for forwarding this caller's requests. */
    public Set<String> groups() {
        return Set.of(admin ? InternalToken.ADMIN : InternalToken.USER);
    }
}
