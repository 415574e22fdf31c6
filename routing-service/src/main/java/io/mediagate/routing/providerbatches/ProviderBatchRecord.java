package io.mediagate.routing.providerbatches;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One batch at a provider: {@code submitting} once its lines are chosen (under this id, which the provider keeps with the
 * batch, so that one made just before a crash is found again rather than made twice), {@code submitted} with the
 * provider's id, {@code collected} once its answers are in its items.
 */
@Entity
@Table(name = "provider_batches")
public class ProviderBatchRecord extends PanacheEntityBase {
    public static final String SUBMITTING = "submitting";
    public static final String SUBMITTED = "submitted";
    public static final String COLLECTED = "collected";

    @Id
    public String id;
    public String provider;
    /** The catalog's model the line asked for (its provider's settings are read from it). */
    public String model;
    @Column(name = "upstream_model")
    public String upstreamModel;
    @Column(name = "upstream_id")
    public String upstreamId;
    public String state;
    /** The provider's last word on the batch's state ({@code in_progress}, {@code BATCH_STATE_RUNNING}, ...). */
    @Column(name = "upstream_state")
    public String upstreamState;
    public int lines;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "submitted_at")
    public Instant submittedAt;
    @Column(name = "looked_at")
    public Instant lookedAt;
    @Column(name = "ended_at")
    public Instant endedAt;
}
