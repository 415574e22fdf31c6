package io.mediagate.routing.providerbatches;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A batch line's job parked while its provider's batch API works on it: {@code waiting} to be sent, {@code sent} in a
 * provider batch ({@link #groupId}), then {@code answered} (the provider's answer kept until the job has used it) or
 * {@code returned} (the provider made nothing for it: the job runs as one of its own).
 */
@Entity
@Table(name = "provider_batch_items")
public class ProviderBatchItem extends PanacheEntityBase {
    public static final String WAITING = "waiting";
    public static final String SENT = "sent";
    public static final String ANSWERED = "answered";
    public static final String RETURNED = "returned";

    @Id
    @Column(name = "job_id")
    public String jobId;
    /** The caller's batch the line is of. */
    @Column(name = "batch_id")
    public String batchId;
    public String provider;
    /** The catalog's model the line asked for (its provider's settings are read from it). */
    public String model;
    @Column(name = "upstream_model")
    public String upstreamModel;
    /** The line's request as the provider's batch takes it (JSON). */
    public String body;
    public String state;
    @Column(name = "group_id")
    public String groupId;
    /** The provider's answer for the line, as its synchronous endpoint answers (JSON), once answered. */
    public String answer;
    /** Why the provider made nothing for the line, once returned; once answered without an answer, its refusal of the request. */
    public String error;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;

    /** Whether the job waits for its provider's batch (it must not run now). */
    public boolean parked() {
        return WAITING.equals(state) || SENT.equals(state);
    }
}
