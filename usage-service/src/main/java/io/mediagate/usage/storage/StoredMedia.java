package io.mediagate.usage.storage;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A media item's bytes as the ledger knows them; {@code deletedAt} set once it is gone. */
@Entity
@Table(name = "stored_media")
public class StoredMedia extends PanacheEntityBase {
    @Id
    @Column(name = "media_id")
    public String mediaId;
    @Column(name = "user_id")
    public String userId;
    public String kind;
    public long bytes;
    @Column(name = "stored_at")
    public Instant storedAt;
    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** Bytes {@code user} keeps now. */
    public static long usedBytes(String user) {
        return getEntityManager()
                .createQuery("select coalesce(sum(m.bytes), 0) from StoredMedia m where m.userId = :u and m.deletedAt is null", Long.class)
                .setParameter("u", user).getSingleResult();
    }
}
