package io.mediagate.gateway.auth;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * When each key was last used, for the key listing: remembered in memory on every admitted request and written
 * to the database in one batch every {@code mediagate.auth.last-used-flush} (and at shutdown), so the hot path
 * does no database write. Replicas each write what they saw; the later time wins.
 */
@ApplicationScoped
public class KeyLastUse {
    private static final Logger LOG = Logger.getLogger(KeyLastUse.class);
    private static final String UPDATE = "update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)";
    private final Map<String, Instant> pending = new ConcurrentHashMap<>();
    private final AgroalDataSource db;
    private final Clock clock;
    private final Duration every;
    private ScheduledExecutorService timer;

    KeyLastUse(AgroalDataSource db, Clock clock,
               @ConfigProperty(name = "mediagate.auth.last-used-flush", defaultValue = "15s") Duration every) {
        this.db = db;
        this.clock = clock;
        this.every = every;
    }

    /** Notes a use of the key now; null (the administrator key) is ignored. */
    public void seen(String keyId) {
        if (keyId != null) {
            pending.put(keyId, Instant.now(clock).truncatedTo(ChronoUnit.MILLIS));
        }
    }

    void start(@Observes StartupEvent started) {
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("key-last-use").daemon().factory());
        timer.scheduleWithFixedDelay(this::flush, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent stopping) {
        if (timer != null) {
            timer.shutdownNow();
        }
        flush();
    }

    /** Writes the uses seen since the last flush; what cannot be written now is kept for the next one. */
    void flush() {
        if (pending.isEmpty()) {
            return;
        }
        Map<String, Instant> batch = Map.copyOf(pending);
        batch.forEach(pending::remove);
        try (Connection c = db.getConnection(); PreparedStatement update = c.prepareStatement(UPDATE)) {
            for (Map.Entry<String, Instant> use : batch.entrySet()) {
                Timestamp at = Timestamp.from(use.getValue());
                update.setTimestamp(1, at);
                update.setString(2, use.getKey());
                update.setTimestamp(3, at);
                update.addBatch();
            }
            update.executeBatch();
        } catch (SQLException | RuntimeException e) {
            batch.forEach((key, at) -> pending.merge(key, at, (a, b) -> a.isAfter(b) ? a : b));
            LOG.warnf("the last use of %d keys could not be written now (kept for the next try): %s", batch.size(), e.toString());
        }
    }
}
