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
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
