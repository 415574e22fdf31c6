package io.mediagate.usage.ledger;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.Stats;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Books each finished generation once: a redelivered event for a booked job changes nothing. Events come
 * in batches, each booked in one transaction. While the database cannot be reached the batch waits and is
 * tried again ({@link WhileUnavailable}; its offsets stay uncommitted, so nothing is lost); an unreadable
 * event is skipped.
 */
@ApplicationScoped
public class LedgerConsumer {
    private static final Logger LOG = Logger.getLogger(LedgerConsumer.class);
    /** The ledger waits out a database outage this long (the batch's offsets stay uncommitted meanwhile). */
    public static final Duration PATIENCE = Duration.ofDays(1);
    private final ProviderSpend spend;

    LedgerConsumer(ProviderSpend spend) {
        this.spend = spend;
    }

    @Incoming("generation-events")
    @Blocking
    public void book(List<GenerationEvent> events) {
        List<GenerationEvent> readable = events.stream().filter(e -> e != null && e.jobId() != null).toList();
        if (readable.size() < events.size()) {
            LOG.warnf("skipping %d unreadable generation events", events.size() - readable.size());
        }
        if (readable.isEmpty()) {
            return;
        }
        List<Object> added = WhileUnavailable.retry("booking " + readable.size() + " generations",
                () -> QuarkusTransaction.requiringNew().call(() -> bookAll(readable)), PATIENCE, WhileUnavailable.Pause.REAL);
        // Counted once committed, and only for what was booked now: a redelivered event adds nothing.
        for (Object booked : added) {
            switch (booked) {
                case Charge charge -> spend.add(charge.provider, charge.kind, charge.price);
                case LostAttempt lost -> spend.add(lost.provider, lost.kind, lost.billed);
                default -> { }
            }
        }
    }

    /** The charges and lost attempts booked by this call (events already in the ledger are skipped). */
    private static List<Object> bookAll(List<GenerationEvent> events) {
        Set<String> booked = new HashSet<>(Charge.<Charge>list("jobId in ?1", events.stream().map(GenerationEvent::jobId).toList())
                .stream().map(c -> c.jobId).toList());
        List<Object> added = new ArrayList<>();
        for (GenerationEvent event : events) {
            if (booked.add(event.jobId())) {
                Charge charge = charge(event);
                charge.persist();
                added.add(charge);
                added.addAll(lost(event));
            }
        }
        return added;
    }

    /** The event's attempts that failed but that their provider bills, each booked. */
    private static List<LostAttempt> lost(GenerationEvent event) {
        List<LostAttempt> lost = new ArrayList<>();
        List<Stats.Attempt> attempts = event.attempts() == null ? List.of() : event.attempts();
        for (int i = 0; i < attempts.size(); i++) {
            Stats.Attempt a = attempts.get(i);
            if (a != null && a.billed() != null && a.billed().signum() > 0 && a.provider() != null) {
                LostAttempt row = new LostAttempt();
                row.jobId = event.jobId();
                row.attempt = i;
                row.provider = a.provider();
                row.kind = event.kind().wire();
                row.billed = a.billed();
                row.occurredAt = event.occurredAt();
                row.persist();
                lost.add(row);
            }
        }
        return lost;
    }

    private static Charge charge(GenerationEvent event) {
        Charge charge = new Charge();
        charge.jobId = event.jobId();
        charge.userId = event.userId();
        charge.kind = event.kind().wire();
        charge.status = event.status().wire();
        charge.model = event.model();
        charge.provider = event.provider();
        boolean succeeded = event.status() == JobStatus.SUCCEEDED;
        charge.price = succeeded && event.price() != null ? event.price() : BigDecimal.ZERO;
        charge.items = succeeded ? event.items() : 0;
        charge.occurredAt = event.occurredAt();
        charge.batchId = event.batchId();
        return charge;
    }
}
