package io.mediagate.gateway.quotes;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.values.MediaKind;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.Period;
import io.mediagate.gateway.auth.Scope;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether the caller could send a quoted request now, read without counting, leasing or reserving anything, in the order the
 * request itself meets them: its key's scopes (403 {@code permission_denied}), its rate-limit windows (429
 * {@code rate_limit_exceeded}; the quote itself was counted, the request would need one more), its concurrent jobs of the kind
 * (429), then its spend caps (402 {@code budget_exceeded}) against what the request sent with the quote would reserve: its worst
 * case, at most the quoted price.
 */
@ApplicationScoped
class QuoteAdmission {
    private static final String VIDEO_GENERATIONS = "/v1/videos/generations";
    private final RateLimiter limiter;
    private final ConcurrencyLeases leases;
    private final BudgetLedger ledger;
    private final WorstCase worstCase;

    /** Admitted, or the refusal the request would get: its error's code, message and details. */
    record Admission(boolean admitted, String code, String message, Map<String, Object> details) {
        static final Admission ADMITTED = new Admission(true, null, null, null);

        static Admission refused(ApiException e) {
            return new Admission(false, e.code().code(), e.getMessage(), e.extra() == null || e.extra().isEmpty() ? null : e.extra());
        }
    }

    QuoteAdmission(RateLimiter limiter, ConcurrencyLeases leases, BudgetLedger ledger, WorstCase worstCase) {
        this.limiter = limiter;
        this.leases = leases;
        this.ledger = ledger;
        this.worstCase = worstCase;
    }

    Uni<Admission> check(Caller caller, String endpoint, GenerationRequest request, BigDecimal quoted) {
        Set<Scope> needed = ScopeRules.required("POST", endpoint);
        if (!needed.isEmpty() && !caller.mayAny(needed)) {
            List<String> names = needed.stream().map(s -> s.wire).toList();
            return Uni.createFrom().item(Admission.refused(new ApiException(ErrorCode.PERMISSION_DENIED, "this key may not call POST " + endpoint
                    + "; it needs one of the scopes " + names, null, Map.of("required_scopes", names))));
        }
        return limiter.peek(caller.accountId(), RateLimits.of(caller.limits())).flatMap(windows -> {
            for (Map.Entry<String, RateLimiter.WindowState> w : windows.entrySet()) {
                boolean applies = !w.getKey().equals("videoMinute") || endpoint.equals(VIDEO_GENERATIONS);
                if (applies && w.getValue().remaining() < 1) {
                    String name = w.getKey().equals("videoMinute") ? "video_minute" : w.getKey();
                    return Uni.createFrom().item(Admission.refused(new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "rate limit exceeded: "
                            + w.getValue().limit() + " requests per " + name.replace('_', ' '), null, Map.of("limit", name))));
                }
            }
            String kind = request.kind().wire();
            int limit = request.kind() == MediaKind.VIDEO ? caller.limits().concurrentVideos() : caller.limits().concurrentImages();
            return leases.active(caller.accountId(), kind).flatMap(active -> {
                if (active >= limit) {
                    return Uni.createFrom().item(Admission.refused(new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "at most " + limit + " " + kind
                            + " generations may run at once for this account; " + active + " are running", null,
                            Map.of("limit", "concurrency_" + kind))));
                }
                return budget(caller, request, quoted);
            });
        });
    }

    private Uni<Admission> budget(Caller caller, GenerationRequest request, BigDecimal quoted) {
        if (!caller.budgets().any()) {
            return Uni.createFrom().item(Admission.ADMITTED);
        }
        return worstCase.of(request).flatMap(worst -> {
            BigDecimal amount = quoted == null ? worst : worst.min(quoted);
            return ledger.peek(caller).map(scopes -> {
                for (BudgetLedger.ScopeState scope : scopes) {
                    Map<Period, BudgetLedger.PeriodState> periods = new LinkedHashMap<>();
                    periods.put(Period.DAILY, scope.daily());
                    periods.put(Period.MONTHLY, scope.monthly());
                    for (Map.Entry<Period, BudgetLedger.PeriodState> p : periods.entrySet()) {
                        BudgetLedger.PeriodState state = p.getValue();
                        if (state.cap() != null && state.remaining().compareTo(amount) < 0) {
                            return Admission.refused(Budgeting.refusal(new BudgetLedger.Refused(scope.scope(), p.getKey(), state.cap(),
                                    state.spent(), state.reserved(), amount, state.resetsAt())));
                        }
                    }
                }
                return Admission.ADMITTED;
            });
        });
    }
}
