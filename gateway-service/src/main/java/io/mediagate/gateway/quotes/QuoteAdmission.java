package io.mediagate.gateway.quotes;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.ScopeRules;
import io.mediagate.gateway.budgets.BudgetLedger;
import io.mediagate.gateway.budgets.Budgeting;
import io.mediagate.gateway.budgets.WorstCase;
import io.mediagate.gateway.limits.ConcurrencyLeases;
import io.mediagate.gateway.limits.RateLimiter;
import io.mediagate.gateway.limits.RateLimits;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Whether the caller could send a quoted request now, read without counting, leasing or reserving anything, in the order the
 * request itself meets them, each refusal the one the request would get (built by the check that makes it): its key's scopes
 * ({@link ScopeRules}), its rate-limit windows ({@link RateLimiter}; the quote itself was counted, the request would need one
 * more), its concurrent jobs of the kind ({@link ConcurrencyLeases}), then its spend caps ({@link BudgetLedger}) against what
 * the request sent with the quote would reserve: its worst case, at most the quoted price.
 */
@ApplicationScoped
class QuoteAdmission {
    private static final String VIDEO_GENERATIONS = "/v1/videos/generations";
    private final RateLimiter limiter;
    private final ConcurrencyLeases leases;
    private final BudgetLedger ledger;
    private final WorstCase worstCase;

    private static Uni<Optional<QuotesResource.Refusal>> refused(Optional<ApiException> error) {
        return Uni.createFrom().item(error.map(e -> new QuotesResource.Refusal(e.code().code(), e.getMessage(),
                e.extra() == null || e.extra().isEmpty() ? null : e.extra())));
    }

    QuoteAdmission(RateLimiter limiter, ConcurrencyLeases leases, BudgetLedger ledger, WorstCase worstCase) {
        this.limiter = limiter;
        this.leases = leases;
        this.ledger = ledger;
        this.worstCase = worstCase;
    }

    /** The refusal the request would get now; empty when it would be admitted. */
    Uni<Optional<QuotesResource.Refusal>> check(Caller caller, String endpoint, GenerationRequest request, BigDecimal quoted) {
        Optional<ApiException> scopes = ScopeRules.refusal(caller, "POST", endpoint);
        if (scopes.isPresent()) {
            return refused(scopes);
        }
        return limiter.full(caller.accountId(), RateLimits.of(caller.limits()), endpoint.equals(VIDEO_GENERATIONS)).flatMap(full -> {
            if (full.isPresent()) {
                return refused(full.map(RateLimiter::exceeded));
            }
            int limit = ConcurrencyLeases.limit(caller, request.kind());
            return leases.active(caller.accountId(), request.kind().wire()).flatMap(active -> active >= limit
                    ? refused(Optional.of(ConcurrencyLeases.refusal(limit, request.kind())))
                    : budget(caller, request, quoted));
        });
    }

    private Uni<Optional<QuotesResource.Refusal>> budget(Caller caller, GenerationRequest request, BigDecimal quoted) {
        if (!caller.budgets().any()) {
            return refused(Optional.empty());
        }
        return worstCase.of(request).flatMap(worst -> ledger.wouldRefuse(caller, quoted == null ? worst : worst.min(quoted)))
                .flatMap(refusal -> refused(refusal.map(Budgeting::refusal)));
    }
}
