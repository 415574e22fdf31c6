package io.mediagate.usage.ledger;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** One finished generation in the ledger, at most once per job. Failed generations cost 0. */
@Entity
@Table(name = "charges")
public class Charge extends PanacheEntityBase {
    @Id
    @Column(name = "job_id")
    public String jobId;
    @Column(name = "user_id")
    public String userId;
    public String kind;
    public String status;
    public String model;
    public String provider;
    public BigDecimal price;
    public int items;
    @Column(name = "occurred_at")
    public Instant occurredAt;
    /** The batch the job was a line of, or null. */
    @Column(name = "batch_id")
    public String batchId;
}
