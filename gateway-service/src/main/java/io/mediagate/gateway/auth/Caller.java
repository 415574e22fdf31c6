package io.mediagate.gateway.auth;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.quarkus.security.identity.SecurityIdentity;
import java.util.Set;

/** The authenticated caller: account id, tier, effective limits and whether it is the administrator. */
public record Caller(String accountId, String tier, Tier.Limits limits, boolean admin) {
    static final String TIER_ATTRIBUTE = "mediagate.tier";
    static final String LIMITS_ATTRIBUTE = "mediagate.limits";

    public static Caller of(SecurityIdentity identity) {
        String tier = identity.getAttribute(TIER_ATTRIBUTE);
        Tier.Limits limits = identity.getAttribute(LIMITS_ATTRIBUTE);
        return new Caller(identity.getPrincipal().getName(), tier,
                limits != null ? limits : Tier.limitsOf(tier), identity.hasRole(InternalToken.ADMIN));
    }

    /** Internal token groups for forwarding this caller's requests. */
    public Set<String> groups() {
        return Set.of(admin ? InternalToken.ADMIN : InternalToken.USER);
    }
}
