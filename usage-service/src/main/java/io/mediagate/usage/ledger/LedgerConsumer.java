package io.mediagate.usage.ledger;

import io.mediagate.common.events.GenerationEvent;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/** Books each finished generation once: a redelivered event for a booked job changes nothing. */
@ApplicationScoped
public class LedgerConsumer {
    private static final Logger LOG = Logger.getLogger(LedgerConsumer.class);

    @Incoming("generation-events")
    @Blocking
    @Transactional
    public void book(GenerationEvent event) {
        if (event == null || event.jobId() == null) {
            LOG.warn("skipping an unreadable generation event");
            return;
        }
        if (Charge.findById(event.jobId()) != null) {
            return;
        }
        Charge charge = new Charge();
        charge.jobId = event.jobId();
        charge.userId = event.userId();
        charge.kind = event.kind().wire();
        charge.status = event.status();
        charge.model = event.model();
        charge.provider = event.provider();
        boolean succeeded = GenerationEvent.SUCCEEDED.equals(event.status());
        charge.price = succeeded && event.price() != null ? event.price() : BigDecimal.ZERO;
        charge.items = succeeded ? event.items() : 0;
        charge.occurredAt = event.occurredAt();
        charge.persist();
    }
}
