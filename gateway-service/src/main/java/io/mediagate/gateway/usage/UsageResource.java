package io.mediagate.gateway.usage;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.usage.UsageApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.budgets.BudgetLedger;
import io.mediagate.gateway.limits.ConcurrencyLeases;
import io.mediagate.gateway.limits.RateLimiter;
import io.mediagate.gateway.limits.RateLimits;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /v1/usage}: the caller's limits and how much of them is used now (state the gateway owns: rate
 * windows, concurrency leases, and the spend of the account and key against their caps, {@code budgets}) and, from
 * usage-service's ledger, spend, generation counts and stored bytes; with {@code days} (1 to 90) also {@code daily}:
 * spend and generations per UTC day, oldest first.
 */
@Tag(name = "Account")
@Path("/v1/usage")
@Authenticated
public class UsageResource {
    private final SecurityIdentity identity;
    private final RateLimiter limiter;
    private final ConcurrencyLeases leases;
    private final UsageApi ledger;
    private final BudgetLedger budgets;

    UsageResource(SecurityIdentity identity, RateLimiter limiter, ConcurrencyLeases leases, UsageApi ledger,
                  BudgetLedger budgets) {
        this.identity = identity;
        this.limiter = limiter;
        this.leases = leases;
        this.ledger = ledger;
        this.budgets = budgets;
    }

    /** {@code {account: {daily, monthly}, key: {id, daily, monthly}}}: cap (null: none), spent, reserved, remaining, resetsAt. */
    private static Map<String, Object> budgets(List<BudgetLedger.ScopeState> scopes) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (BudgetLedger.ScopeState scope : scopes) {
            Map<String, Object> periods = new LinkedHashMap<>();
            if (scope.keyId() != null) {
                periods.put("id", scope.keyId());
            }
            periods.put("daily", scope.daily());
            periods.put("monthly", scope.monthly());
            out.put(scope.scope(), periods);
        }
        return out;
    }

    @Operation(summary = "Your usage: limits, concurrency, storage, spend, budgets, generations (and per day with days)")
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Envelope<Map<String, Object>>> usage(@QueryParam("days") String days) {
        Caller caller = Caller.of(identity);
        Tier.Limits limits = caller.limits();
        return Uni.combine().all().unis(
                        limiter.peek(caller.accountId(), RateLimits.of(limits)),
                        leases.active(caller.accountId(), "image"),
                        leases.active(caller.accountId(), "video"),
                        budgets.peek(caller),
                        Uni.createFrom().completionStage(() -> ledger.report(caller.as(), days)))
                .with((windows, images, videos, spend, report) -> {
                    Map<String, Object> result = new LinkedHashMap<>();
                    result.put("user", caller.accountId());
                    result.put("tier", caller.tier());
                    result.put("rateLimits", windows);
                    result.put("concurrency", Map.of(
                            "image", Map.of("limit", limits.concurrentImages(), "active", images),
                            "video", Map.of("limit", limits.concurrentVideos(), "active", videos)));
                    result.put("storage", Map.of("limitBytes", limits.storageBytes(),
                            "usedBytes", report.storage().usedBytes(), "retentionDays", limits.retentionDays()));
                    result.put("spend", report.spend());
                    result.put("generations", report.generations());
                    result.put("budgets", budgets(spend));
                    if (report.daily() != null) {
                        result.put("daily", report.daily());
                    }
                    return Envelope.of(result);
                });
    }
}
