package io.mediagate.gateway.auth;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An API key, kept only as its SHA-256 hash plus a short prefix for recognising it in listings; with an optional
 * name, scopes (space-separated wire names, null: every scope), expiry, spend cap (JSON) and the time it was last used.
 */
@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "account_id")
    public String accountId;
    @Column(name = "key_hash")
    public String keyHash;
    public String prefix;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;
    public String name;
    public String scopes;
    @Column(name = "expires_at")
    public Instant expiresAt;
    @Column(name = "last_used_at")
    public Instant lastUsedAt;
    /** JSON of {@code budgets.Budget}, or null. */
    public String budget;
}
