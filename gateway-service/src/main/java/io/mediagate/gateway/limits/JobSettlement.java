package io.mediagate.gateway.limits;

import io.mediagate.common.api.DependencyFailures;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.gateway.budgets.BudgetLedger;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * What the end of every generation frees, from {@code generation.events}: its concurrency lease, and its spend
 * reservation, settled to the real price ({@link BudgetLedger}). Jobs that outlived the wait limit, or whose gateway
 * died while waiting, are settled here by whichever replica reads the event. While Redis is unreachable both are
 * sent again with growing pauses for up to {@code mediagate.outage-patience} (the event stays unacknowledged), so an
 * outage does not lose a settled price; past it a lease still expires on its own.
 */
@ApplicationScoped
public class JobSettlement {
    private static final Logger LOG = Logger.getLogger(JobSettlement.class);
    private final ConcurrencyLeases leases;
    private final BudgetLedger budgets;
    private final Duration patience;

    JobSettlement(ConcurrencyLeases leases, BudgetLedger budgets, @ConfigProperty(name = "mediagate.outage-patience") Duration patience) {
        this.leases = leases;
        this.budgets = budgets;
        this.patience = patience;
    }

    private <T> Uni<T> waitingOutOutages(Uni<T> call) {
        return call.onFailure(DependencyFailures::in).retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10))
                .expireIn(patience.toMillis());
    }

    /** Non-blocking: two Redis commands, no worker thread waits for them. */
    @Incoming("generation-events")
    public Uni<Void> finished(GenerationEvent event) {
        if (event == null || event.jobId() == null || event.userId() == null || event.kind() == null) {
            return Uni.createFrom().voidItem();
        }
        Uni<Void> lease = waitingOutOutages(leases.release(event.userId(), event.kind().wire(), event.jobId()))
                .onFailure().invoke(e -> LOG.warnf("could not release the lease of %s now (it expires on its own): %s",
                        event.jobId(), e.toString()))
                .onFailure().recoverWithNull();
        Uni<Void> spend = waitingOutOutages(budgets.settle(event.userId(), event.keyId(), event.jobId(), event.price(),
                        event.occurredAt()))
                .onFailure().invoke(e -> LOG.warnf("could not settle the spend of %s now (a reservation expires on its own): %s",
                        event.jobId(), e.toString()))
                .onFailure().recoverWithNull();
        return Uni.join().all(lease, spend).andCollectFailures().replaceWithVoid();
    }
}
