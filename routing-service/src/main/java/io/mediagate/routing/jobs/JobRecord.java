package io.mediagate.routing.jobs;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A generation job: the request as accepted, its state, and once finished the reply that was sent. */
@Entity
@Table(name = "jobs")
public class JobRecord extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "user_id")
    public String userId;
    public String kind;
    public String status;
    public String request;
    public String reply;
    /** Video jobs: generating, transcoding, thumbnail or storing. */
    public String stage;
    public int progress;
    /** Where the request's Kafka request-reply answer goes (null when nobody waits). */
    @Column(name = "reply_topic")
    public String replyTopic;
    @Column(name = "reply_correlation")
    public String replyCorrelation;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
