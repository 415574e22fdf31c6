package io.mediagate.usage.ledger;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An attempt of a job that failed for us but that its provider bills (a call it received and went on with after we
 * stopped waiting): provider spend the caller is not charged, booked once with the job's charge.
 */
@Entity
@Table(name = "lost_attempts")
@IdClass(LostAttempt.Key.class)
public class LostAttempt extends PanacheEntityBase {
    @Id
    @Column(name = "job_id")
    public String jobId;
    @Id
    public int attempt;
    public String provider;
    public String kind;
    public BigDecimal billed;
    @Column(name = "occurred_at")
    public Instant occurredAt;

    /** The key: the job and the attempt's place among its attempts. */
    public record Key(String jobId, int attempt) implements Serializable {
        public Key() {
            this(null, 0);
        }
    }
}
