package io.mediagate.gateway.budgets;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The budget step of a submission: a caller with a cap (account or key) reserves the request's worst-case price
 * ({@link WorstCase}) before the job is handed to routing, or is refused with 402 {@code budget_exceeded}; a job
 * whose hand-over then fails keeps its reservation until its end is seen or the reservation expires (whether it
 * reached routing cannot always be known). Callers without caps pass without a Redis call.
 */
@ApplicationScoped
public class Budgeting {
    private final WorstCase worstCase;
    private final BudgetLedger ledger;

    Budgeting(WorstCase worstCase, BudgetLedger ledger) {
        this.worstCase = worstCase;
        this.ledger = ledger;
    }

    /** Completes when the job may go on (reserved, or no cap applies); fails with 402 when a cap would be passed. */
    public Uni<Void> reserve(Caller caller, GenerationRequest request) {
        if (!caller.budgets().any()) {
            return Uni.createFrom().voidItem();
        }
        return worstCase.of(request)
                // a request sent with a quote is charged at most its price
                .map(worst -> request.priceCap() == null ? worst : worst.min(request.priceCap()))
                .flatMap(amount -> ledger.reserve(caller, request.jobId(), amount))
                .map(outcome -> switch (outcome) {
                    case BudgetLedger.Reserved r -> null;
                    case BudgetLedger.Refused refused -> throw refusal(refused);
                });
    }

    /** The 402 of a request whose reservation {@code r} refused. */
    public static ApiException refusal(BudgetLedger.Refused r) {
        return refusal(r, "this request may cost up to " + r.requested());
    }

    /** The 402 of a refusal, {@code asked} saying what would have been reserved (a request, or a whole batch). */
    public static ApiException refusal(BudgetLedger.Refused r, String asked) {
        String whose = r.scope().equals("key") ? "this key" : "this account";
        Map<String, Object> budget = new LinkedHashMap<>();
        budget.put("scope", r.scope());
        budget.put("period", r.period().wire);
        budget.put("cap", r.cap());
        budget.put("spent", r.spent());
        budget.put("reserved", r.reserved());
        budget.put("requested", r.requested());
        budget.put("currency", "USD");
        budget.put("resetsAt", r.resetsAt().toString());
        return new ApiException(ErrorCode.BUDGET_EXCEEDED, "the " + r.period().wire + " budget of " + whose + " is " + r.cap()
                + " USD: " + r.spent() + " spent and " + r.reserved() + " reserved by running jobs, and " + asked + "; it resets at "
                + r.resetsAt(), null, Map.of("budget", budget));
    }
}
