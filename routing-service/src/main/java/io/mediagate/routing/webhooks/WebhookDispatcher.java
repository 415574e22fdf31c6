package io.mediagate.routing.webhooks;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Sends due webhook messages: every second, and at once when a message is queued ({@link #nudge()}, after the
 * transaction that queued it commits), so a receiver hears of an event in milliseconds rather than at the next tick;
 * one round at a time per replica, a nudge during a round making another. A replica claims a message for a minute
 * before sending it (an update that only one replica can win), so replicas do not send the same message at once; a
 * crashed sender's claim simply runs out. Failures are retried after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h and 3 h, then the
 * message is given up as {@code failed}. Receivers should treat {@code webhook-id} as an idempotency key.
 */
@ApplicationScoped
public class WebhookDispatcher {
    private static final Logger LOG = Logger.getLogger(WebhookDispatcher.class);
    static final List<Duration> BACKOFF = List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(3));
    private final WebhookSender sender;
    private final Clock clock;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();

    WebhookDispatcher(WebhookSender sender, Clock clock) {
        this.sender = sender;
        this.clock = clock;
    }

    /** A message was just queued: a round now, on a virtual thread of its own, rather than at the next tick. */
    void nudge() {
        Thread.ofVirtual().name("webhook-nudge").start(() -> {
            ManagedContext request = Arc.container().requestContext();
            request.activate();
            try {
                dispatch();
            } catch (RuntimeException e) {
                LOG.debugf("a nudged webhook round failed; the next tick tries again: %s", e.toString());
            } finally {
                request.terminate();
            }
        });
    }

    @Scheduled(every = "1s", delayed = "2s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void dispatch() {
        // Whoever finds a round running leaves "again" for it: the round's owner makes another before it lets go.
        again.set(true);
        while (again.get() && busy.compareAndSet(false, true)) {
            try {
                again.set(false);
                round();
            } finally {
                busy.set(false);
            }
        }
    }

    private void round() {
        Instant now = clock.instant();
        List<String> due = QuarkusTransaction.requiringNew().call(() -> WebhookDelivery.<WebhookDelivery>find(
                        "status = ?1 and nextAt <= ?2 and (claimedUntil is null or claimedUntil < ?2) order by nextAt",
                        WebhookDelivery.PENDING, now).page(0, 20).list()
                .stream().map(d -> d.id).toList());
        for (String id : due) {
            boolean mine = QuarkusTransaction.requiringNew().call(() -> WebhookDelivery.update(
                    "claimedUntil = ?1 where id = ?2 and status = ?3 and (claimedUntil is null or claimedUntil < ?4)",
                    now.plus(Duration.ofMinutes(1)), id, WebhookDelivery.PENDING, now) == 1);
            if (mine) {
                deliver(id);
            }
        }
    }

    private void deliver(String id) {
        WebhookDelivery delivery = QuarkusTransaction.requiringNew().call(() -> WebhookDelivery.<WebhookDelivery>findById(id));
        String error = sender.send(delivery);
        QuarkusTransaction.requiringNew().run(() -> {
            WebhookDelivery d = WebhookDelivery.findById(id);
            d.attempts++;
            d.claimedUntil = null;
            if (error == null) {
                d.status = WebhookDelivery.DELIVERED;
                d.lastError = null;
            } else if (d.attempts > BACKOFF.size()) {
                d.status = WebhookDelivery.FAILED;
                d.lastError = error;
                LOG.warnf("webhook %s to host %s given up after %d attempts: %s", d.id, java.net.URI.create(d.url).getHost(), d.attempts, error);
            } else {
                d.nextAt = clock.instant().plus(BACKOFF.get(d.attempts - 1));
                d.lastError = error;
            }
        });
    }
}
