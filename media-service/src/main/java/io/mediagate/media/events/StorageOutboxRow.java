package io.mediagate.media.events;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A storage event not yet acknowledged by Kafka. */
@Entity
@Table(name = "storage_outbox")
public class StorageOutboxRow extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "media_id")
    public String mediaId;
    public String payload;
    /** The trace context the change was made in ({@code Tracing#current()}); null when tracing is off. */
    public String trace;
    @Column(name = "created_at")
    public Instant createdAt;
}
