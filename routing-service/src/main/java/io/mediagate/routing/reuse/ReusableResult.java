package io.mediagate.routing.reuse;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A result a later request of the same account and terms may reuse: the items made ({@code mediaIds}, comma-separated) and by whom. */
@Entity
@Table(name = "reusable_results")
@IdClass(ReusableResult.Key.class)
public class ReusableResult extends PanacheEntityBase {
    @Id
    @Column(name = "account_id")
    public String accountId;
    @Id
    public String terms;
    @Column(name = "media_ids")
    public String mediaIds;
    public String provider;
    @Column(name = "created_at")
    public Instant createdAt;

    /** The composite key. */
    public static class Key implements Serializable {
        public String accountId;
        public String terms;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(accountId, k.accountId) && Objects.equals(terms, k.terms);
        }

        @Override
        public int hashCode() {
            return Objects.hash(accountId, terms);
        }
    }

    static Key key(String accountId, String terms) {
        Key key = new Key();
        key.accountId = accountId;
        key.terms = terms;
        return key;
    }
}
