package io.mediagate.media.records;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A file of the Files API, its bytes at {@link #objectKey} in the media bucket. Owned by media-service alone. */
@Entity
@Table(name = "batch_files")
public class BatchFileRecord extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "owner_id")
    public String ownerId;
    public String filename;
    public String purpose;
    public long bytes;
    /** The JSON lines the file holds (checked by the gateway when it was uploaded). */
    @Column(name = "line_count")
    public int lines;
    @Column(name = "object_key")
    public String objectKey;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "expires_at")
    public Instant expiresAt;

    /** The bytes the owner's live files take, which count against the tier's storage quota as media do. */
    public static long usedBytes(String owner, Instant now) {
        return getEntityManager().createQuery("select coalesce(sum(f.bytes), 0) from BatchFileRecord f"
                        + " where f.ownerId = :o and (f.expiresAt is null or f.expiresAt > :now)", Long.class)
                .setParameter("o", owner).setParameter("now", now).getSingleResult();
    }

    public boolean live(Instant now) {
        return expiresAt == null || expiresAt.isAfter(now);
    }
}
