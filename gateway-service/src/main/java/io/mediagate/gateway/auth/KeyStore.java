package io.mediagate.gateway.auth;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Reads a key and its account by the key's hash (never by the key itself). Blocking. */
@ApplicationScoped
class KeyStore {
    private static final String QUERY = "select k.account_id, k.revoked_at, a.tier, a.limits, k.id, k.scopes, k.expires_at, "
            + "k.budget, a.budget, a.model_upgrades, a.suspended_at, a.reuse_results from api_keys k join accounts a on a.id = k.account_id "
            + "where k.key_hash = ?";
    private final AgroalDataSource db;

    KeyStore(AgroalDataSource db) {
        this.db = db;
    }

    /**
     * A stored key: its account, whether it was revoked, the account's tier and limit overrides (JSON), and the
     * key's id, scopes (space-separated, null: every scope), expiry and spend caps of key and account (JSON), and the
     * account's {@code modelUpgrades}, whether the account is suspended, and whether it reuses results by default.
     */
    record Row(String accountId, boolean revoked, String tier, String limits, String keyId, String scopes, Instant expiresAt,
               String keyBudget, String accountBudget, String modelUpgrades, boolean suspended, boolean reuse) {
    }

    Optional<Row> find(String hash) {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(QUERY)) {
            q.setString(1, hash);
            try (ResultSet r = q.executeQuery()) {
                return r.next()
                        ? Optional.of(new Row(r.getString(1), r.getTimestamp(2) != null, r.getString(3), r.getString(4),
                                r.getString(5), r.getString(6), instant(r.getTimestamp(7)), r.getString(8), r.getString(9),
                                r.getString(10), r.getTimestamp(11) != null, r.getBoolean(12)))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            throw new KeyStoreUnavailable(e);
        }
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    /** The key store could not be read (no connection in time, database down). */
    static final class KeyStoreUnavailable extends RuntimeException {
        KeyStoreUnavailable(SQLException cause) {
            super("the key store could not be read: " + cause.getMessage(), cause);
        }
    }
}
