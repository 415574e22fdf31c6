package io.mediagate.gateway.limits;

import io.mediagate.common.events.GenerationEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Frees the lease of every finished generation from {@code generation.events}. Jobs that outlived the
 * wait limit, or whose gateway died while waiting, are released here by whichever replica reads the event.
 */
@ApplicationScoped
public class LeaseReleaser {
    private static final Logger LOG = Logger.getLogger(LeaseReleaser.class);
    private final ConcurrencyLeases leases;

    LeaseReleaser(ConcurrencyLeases leases) {
        this.leases = leases;
    }

    /** Non-blocking: the release is one Redis command, no worker thread waits for it. */
    @Incoming("generation-events")
    public Uni<Void> finished(GenerationEvent event) {
        if (event == null || event.jobId() == null || event.userId() == null || event.kind() == null) {
            return Uni.createFrom().voidItem();
        }
        return leases.release(event.userId(), event.kind().wire(), event.jobId())
                .onFailure().invoke(e -> LOG.warnf("could not release the lease of %s now (it expires on its own): %s",
                        event.jobId(), e.toString()))
                .onFailure().recoverWithNull();
    }
}
