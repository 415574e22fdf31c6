package io.mediagate.gateway.auth;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Reads a key and its account by the key's hash (never by the key itself). Blocking. */
@ApplicationScoped
class KeyStore {
    private static final String QUERY = "select k.account_id, k.revoked_at, a.tier, a.limits from api_keys k "
            + "join accounts a on a.id = k.account_id where k.key_hash = ?";
    private final AgroalDataSource db;

    KeyStore(AgroalDataSource db) {
        this.db = db;
    }

    /** A stored key: its account, whether it was revoked, and the account's tier and limit overrides (JSON). */
    record Row(String accountId, boolean revoked, String tier, String limits) {}

    Optional<Row> find(String hash) {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(QUERY)) {
            q.setString(1, hash);
            try (ResultSet r = q.executeQuery()) {
                return r.next()
                        ? Optional.of(new Row(r.getString(1), r.getTimestamp(2) != null, r.getString(3), r.getString(4)))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            throw new KeyStoreUnavailable(e);
        }
    }

    /** The key store could not be read (no connection in time, database down). */
    static final class KeyStoreUnavailable extends RuntimeException {
        KeyStoreUnavailable(SQLException cause) {
            super("the key store could not be read: " + cause.getMessage(), cause);
        }
    }
}
