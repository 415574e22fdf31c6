package io.mediagate.routing.batches;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** A batch: its input, where it stands and what became of its lines. Owned by routing alone. */
@Entity
@Table(name = "batches")
public class BatchRecord extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "user_id")
    public String userId;
    @Column(name = "key_id")
    public String keyId;
    public String tier;
    public String endpoint;
    @Column(name = "input_file_id")
    public String inputFileId;
    @Column(name = "completion_window")
    public String completionWindow;
    public String status;
    /** The caller's {@code metadata}, as JSON. */
    public String metadata;
    /** Where {@code batch.completed}, {@code .failed}, {@code .expired} and {@code .cancelled} are POSTed, if anywhere. */
    @Column(name = "webhook_url")
    public String webhookUrl;
    /** The most its lines may cost, in US dollars; null for no cap. */
    public BigDecimal budget;
    /** Seconds its output and error files are kept once made ({@code output_expires_after}); null: the default. */
    @Column(name = "output_expires_after")
    public Long outputExpiresAfter;
    /** Whether its lines' worst cases are reserved against its caller's spend caps (a line never run gives its back). */
    public boolean reserved;
    /** What its lines have cost so far. */
    public BigDecimal spent;
    /** Why validation failed: OpenAI's {@code errors.data}, as JSON. */
    public String errors;
    public int total;
    public int completed;
    public int failed;
    @Column(name = "output_file_id")
    public String outputFileId;
    @Column(name = "error_file_id")
    public String errorFileId;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "in_progress_at")
    public Instant inProgressAt;
    @Column(name = "expires_at")
    public Instant expiresAt;
    @Column(name = "finalizing_at")
    public Instant finalizingAt;
    @Column(name = "completed_at")
    public Instant completedAt;
    @Column(name = "failed_at")
    public Instant failedAt;
    @Column(name = "expired_at")
    public Instant expiredAt;
    @Column(name = "cancelling_at")
    public Instant cancellingAt;
    @Column(name = "cancelled_at")
    public Instant cancelledAt;
}
