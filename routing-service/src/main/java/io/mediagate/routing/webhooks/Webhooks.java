package io.mediagate.routing.webhooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Queues a webhook message inside the caller's transaction (the one that finishes the job), shaped as
 * Standard Webhooks suggests: {@code {type, timestamp, data}}. {@link WebhookDispatcher} sends it.
 */
@ApplicationScoped
public class Webhooks {
    public static final String COMPLETED = "generation.completed";
    public static final String FAILED = "generation.failed";
    private final ObjectMapper json;
    private final Clock clock;

    Webhooks(ObjectMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void enqueue(String jobId, String userId, String url, String event, Object data) {
        String id = "msg_" + jobId.substring(4) + (COMPLETED.equals(event) ? "c" : "f");
        if (WebhookDelivery.findById(id) != null) {
            return;
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
    }
}
