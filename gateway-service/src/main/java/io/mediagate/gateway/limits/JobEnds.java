package io.mediagate.gateway.limits;

import io.mediagate.common.events.GenerationEvent;
import io.mediagate.gateway.budgets.BudgetLedger;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * What the end of every generation frees, from {@code generation.events}: its concurrency lease, and its spend
 * reservation, settled to the real price ({@link BudgetLedger}). Jobs that outlived the wait limit, or whose gateway
 * died while waiting, are settled here by whichever replica reads the event.
 */
@ApplicationScoped
public class JobEnds {
    private static final Logger LOG = Logger.getLogger(JobEnds.class);
    private final ConcurrencyLeases leases;
    private final BudgetLedger budgets;

    JobEnds(ConcurrencyLeases leases, BudgetLedger budgets) {
        this.leases = leases;
        this.budgets = budgets;
    }

    /** Non-blocking: two Redis commands, no worker thread waits for them. */
    @Incoming("generation-events")
    public Uni<Void> finished(GenerationEvent event) {
        if (event == null || event.jobId() == null || event.userId() == null || event.kind() == null) {
            return Uni.createFrom().voidItem();
        }
        Uni<Void> lease = leases.release(event.userId(), event.kind().wire(), event.jobId())
                .onFailure().invoke(e -> LOG.warnf("could not release the lease of %s now (it expires on its own): %s",
                        event.jobId(), e.toString()))
                .onFailure().recoverWithNull();
        Uni<Void> spend = budgets.settle(event.userId(), event.keyId(), event.jobId(), event.price(), event.occurredAt())
                .onFailure().invoke(e -> LOG.warnf("could not settle the spend of %s now (a reservation expires on its own): %s",
                        event.jobId(), e.toString()))
                .onFailure().recoverWithNull();
        return Uni.join().all(lease, spend).andCollectFailures().replaceWithVoid();
    }
}
