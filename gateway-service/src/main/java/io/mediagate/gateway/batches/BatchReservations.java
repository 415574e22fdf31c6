package io.mediagate.gateway.batches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.budgets.BudgetLedger;
import io.mediagate.gateway.budgets.Budgeting;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The spend caps of a capped caller (account or key) hold for a batch's lines as for its synchronous requests: when the
 * batch is made, each line that will run reserves its worst-case price under its job's id, as a synchronous request
 * does, so the batch is refused with 402 {@code budget_exceeded} when all its lines together could pass a cap. Each line's
 * job then settles its reservation when it ends (the gateway's settlement of every job), and routing ends a line that
 * never runs (cancelled, expired, stopped by the batch's own budget) with an event that gives its reservation back. A
 * reservation nothing settles is given back after the batch's window and an hour ({@link #KEPT}).
 */
@ApplicationScoped
class BatchReservations {
    static final Duration KEPT = Duration.ofHours(25);
    private static final Duration CALL = Duration.ofSeconds(30);
    private final BudgetLedger ledger;
    private final ObjectMapper json;
    private final Clock clock;

    BatchReservations(BudgetLedger ledger, ObjectMapper json, Clock clock) {
        this.ledger = ledger;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Reserves the worst case of each line of {@code lines} (the parsed lines, one {@link BatchesApi.Line} a line) that
     * will run; when one does not fit, gives back what it reserved and refuses the batch.
     */
    void reserve(Caller caller, Path lines) throws IOException {
        List<String> reserved = new ArrayList<>();
        BigDecimal ours = BigDecimal.ZERO;
        BigDecimal total = BigDecimal.ZERO;
        int count = 0;
        BudgetLedger.Refused refused = null;
        try (BufferedReader in = Files.newBufferedReader(lines, StandardCharsets.UTF_8)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                BatchesApi.Line line = json.readValue(text, BatchesApi.Line.class);
                if (line.request() == null || line.worst() == null) {
                    continue; // refused by its endpoint: it never runs
                }
                count++;
                total = total.add(line.worst());
                if (refused != null) {
                    continue; // adding up the batch's worst case for the answer
                }
                BudgetLedger.Outcome outcome = ledger.reserve(caller, line.request().jobId(), line.worst(), KEPT).await().atMost(CALL);
                if (outcome instanceof BudgetLedger.Refused r) {
                    refused = r;
                } else {
                    reserved.add(line.request().jobId());
                    ours = ours.add(line.worst());
                }
            }
        }
        if (refused != null) {
            for (String jobId : reserved) {
                ledger.settle(caller.accountId(), caller.keyId(), jobId, BigDecimal.ZERO, clock.instant()).await().atMost(CALL);
            }
            BudgetLedger.Refused others = new BudgetLedger.Refused(refused.scope(), refused.period(), refused.cap(), refused.spent(),
                    refused.reserved().subtract(ours).max(BigDecimal.ZERO), total, refused.resetsAt());
            throw Budgeting.refusal(others, "this batch's " + count + " requests may cost up to " + total.stripTrailingZeros().toPlainString());
        }
    }
}
