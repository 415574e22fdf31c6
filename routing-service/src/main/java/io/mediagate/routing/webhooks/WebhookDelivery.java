package io.mediagate.routing.webhooks;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One webhook message to one URL and how its delivery is going ({@code pending}, {@code delivered}, {@code failed}). */
@Entity
@Table(name = "webhook_deliveries")
public class WebhookDelivery extends PanacheEntityBase {
    public static final String PENDING = "pending";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";

    @Id
    public String id;
    @Column(name = "job_id")
    public String jobId;
    @Column(name = "user_id")
    public String userId;
    public String url;
    public String event;
    public String payload;
    public String status;
    public int attempts;
    @Column(name = "next_at")
    public Instant nextAt;
    @Column(name = "claimed_until")
    public Instant claimedUntil;
    @Column(name = "last_error")
    public String lastError;
    @Column(name = "created_at")
    public Instant createdAt;
}
