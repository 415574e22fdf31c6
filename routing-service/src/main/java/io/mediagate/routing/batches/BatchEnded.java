package io.mediagate.routing.batches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.routing.webhooks.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * A batch's end, told to its {@code webhook_url} (when it has one) as {@code batch.completed}, {@code batch.failed},
 * {@code batch.expired} or {@code batch.cancelled}, its data the batch object: queued in the transaction that ends the
 * batch, once (the delivery's id is the batch's and the event's), and sent, signed, as every webhook is.
 */
@ApplicationScoped
class BatchEnded {
    private final Webhooks webhooks;
    private final ObjectMapper json;

    BatchEnded(Webhooks webhooks, ObjectMapper json) {
        this.webhooks = webhooks;
        this.json = json;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void tell(BatchRecord batch) {
        if (batch.webhookUrl == null) {
            return;
        }
        String event = "batch." + batch.status;
        webhooks.enqueue("msg_" + batch.id + "_" + batch.status, batch.id, batch.userId, batch.webhookUrl, event,
                BatchObject.of(batch, json));
    }
}
