package io.mediagate.gateway.auth;

import io.mediagate.common.internal.InternalToken;
import io.quarkus.security.identity.SecurityIdentity;
import java.util.Set;

/** The authenticated caller: account id, tier and whether it is the administrator. */
public record Caller(String accountId, String tier, boolean admin) {
    static final String TIER_ATTRIBUTE = "mediagate.tier";

    public static Caller of(SecurityIdentity identity) {
        return new Caller(identity.getPrincipal().getName(), identity.getAttribute(TIER_ATTRIBUTE),
                identity.hasRole(InternalToken.ADMIN));
    }

    /** Internal token groups for forwarding this caller's requests. */
    public Set<String> groups() {
        return Set.of(admin ? InternalToken.ADMIN : InternalToken.USER);
    }
}
