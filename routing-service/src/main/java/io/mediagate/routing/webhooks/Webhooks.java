package io.mediagate.routing.webhooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.routing.support.AfterCommit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Queues a webhook message inside the caller's transaction (the one that records the job's event), shaped as
 * Standard Webhooks suggests: {@code {type, timestamp, data}}. {@link WebhookDispatcher} sends it, nudged once the
 * transaction has committed.
 */
@ApplicationScoped
public class Webhooks {
    private final ObjectMapper json;
    private final Clock clock;
    private final TransactionSynchronizationRegistry transactions;
    private final WebhookDispatcher dispatcher;

    Webhooks(ObjectMapper json, Clock clock, TransactionSynchronizationRegistry transactions, WebhookDispatcher dispatcher) {
        this.json = json;
        this.clock = clock;
        this.transactions = transactions;
        this.dispatcher = dispatcher;
    }

    /**
     * Queues message {@code id} (the same id is queued once) of type {@code event} about job {@code jobId} for {@code url};
     * false when it was queued before.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean enqueue(String id, String jobId, String userId, String url, String event, Object data) {
        if (WebhookDelivery.findById(id) != null) {
            return false;
        }
        Instant now = Instant.now(clock);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", event);
        body.put("timestamp", now.toString());
        body.put("data", data);
        WebhookDelivery delivery = new WebhookDelivery();
        delivery.id = id;
        delivery.jobId = jobId;
        delivery.userId = userId;
        delivery.url = url;
        delivery.event = event;
        try {
            delivery.payload = json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a webhook payload", e);
        }
        delivery.status = WebhookDelivery.PENDING;
        delivery.attempts = 0;
        delivery.nextAt = now;
        delivery.createdAt = now;
        delivery.persist();
        AfterCommit.run(transactions, dispatcher::nudge);
        return true;
    }
}
