package io.mediagate.gateway.auth;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The authenticated caller: account id, tier, effective limits, whether it is the administrator, and what the
 * key it came with grants: its id, its scopes (null: every scope) and the spend caps of its account and key; and what
 * its account's requests naming a retired model get ({@code modelUpgrades}: {@code replacement}, or null/{@code none}), and
 * whether its seeded image requests reuse a stored result of the same terms unless they say otherwise ({@code reuse}).
 */
public record Caller(String accountId, Tier tier, Tier.Limits limits, boolean admin, String keyId, Set<Scope> scopes,
                     Budgets budgets, String modelUpgrades, boolean reuse) {
    /** Where the admission filter leaves a request's admitted caller for {@link ApiKeyAuthMechanism}. */
    public static final String CONTEXT_KEY = "mediagate.caller";
    public static final String ADMIN_ACCOUNT = "usr_admin";
    private static final String CALLER_ATTRIBUTE = "mediagate.caller";

    public Caller {
        scopes = scopes == null ? null : Collections.unmodifiableSet(scopes.isEmpty() ? EnumSet.noneOf(Scope.class) : EnumSet.copyOf(scopes));
        budgets = budgets == null ? Budgets.NONE : budgets;
    }

    /** A caller whose account does not reuse results by default. */
    public Caller(String accountId, Tier tier, Tier.Limits limits, boolean admin, String keyId, Set<Scope> scopes, Budgets budgets,
                  String modelUpgrades) {
        this(accountId, tier, limits, admin, keyId, scopes, budgets, modelUpgrades, false);
    }

    /** A caller whose account takes no upgrades. */
    public Caller(String accountId, Tier tier, Tier.Limits limits, boolean admin, String keyId, Set<Scope> scopes, Budgets budgets) {
        this(accountId, tier, limits, admin, keyId, scopes, budgets, null);
    }

    /** The holder of the configured administrator key. */
    static Caller administrator() {
        return new Caller(ADMIN_ACCOUNT, Tier.ENTERPRISE, Tier.ENTERPRISE.limits(), true, null, null, Budgets.NONE);
    }

    public static Caller of(SecurityIdentity identity) {
        Caller caller = identity.getAttribute(CALLER_ATTRIBUTE);
        if (caller == null) {
            throw new IllegalStateException("no caller on an authenticated request");
        }
        return caller;
    }

    /** True when the key grants at least one of {@code needed}. */
    public boolean mayAny(Collection<Scope> needed) {
        return scopes == null || needed.stream().anyMatch(scopes::contains);
    }

    /** This caller as the request's security identity (role admin or user). */
    SecurityIdentity identity() {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(accountId))
                .addRole(admin ? InternalToken.ADMIN : InternalToken.USER)
                .addAttribute(CALLER_ATTRIBUTE, this)
                .build();
    }

    /** Who a call to an owning service is made as on this caller's behalf. */
    public CallAs as() {
        return CallAs.user(accountId, tier, groups());
    }

    /** Internal token groups for forwarding this caller's requests. */
    public Set<String> groups() {
        return Set.of(admin ? InternalToken.ADMIN : InternalToken.USER);
    }
}
