package io.mediagate.routing.jobs;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A message of a job's end not yet acknowledged by Kafka: its topic, key (the job id) and, for a reply, correlation. */
@Entity
@Table(name = "job_outbox")
public class JobOutboxRow extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "job_id")
    public String jobId;
    public String topic;
    /** Base64 request-reply correlation id of a reply; null for an event. */
    public String correlation;
    public String payload;
    /** The trace context the row was written in ({@code Tracing#current()}); null when tracing is off. */
    public String trace;
    @Column(name = "created_at")
    public Instant createdAt;
}
