package io.mediagate.gateway.auth;

import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Each account's credential epoch in Redis: a random value that changes whenever one of its keys is revoked
 * or its tier or limits change. Every replica caches keys together with the epoch it read before loading
 * them; the rate-limit script, which runs on every request anyway, compares the two, so a change is seen by
 * every replica on its next request without a database read per request. The key shares the account's
 * hash tag with its rate-limit counters (one Redis Cluster slot).
 */
@ApplicationScoped
public class Epochs {
    private static final Logger LOG = Logger.getLogger(Epochs.class);
    private static final LuaScript CURRENT = LuaScript.load("/auth/epoch.lua");
    private static final SecureRandom RANDOM = new SecureRandom();
    private final ReactiveRedisDataSource redis;
    private final String prefix;

    Epochs(ReactiveRedisDataSource redis, @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix) {
        this.redis = redis;
        this.prefix = prefix;
    }

    public String key(String accountId) {
        return prefix + ":auth:{" + accountId + "}";
    }

    /** The account's epoch now, created if it has none. Read it before reading the account's keys. */
    Uni<String> current(String accountId) {
        return CURRENT.run(redis, List.of(key(accountId)), List.of(fresh())).map(Object::toString);
    }

    /**
     * Runs a change of the account's keys or limits between two new epochs: the first makes every cached
     * copy stale before the change commits (if Redis cannot be reached, nothing is changed and the caller
     * gets the failure); the second catches copies read between the first and the commit. Blocking.
     */
    public <T> T around(String accountId, Supplier<T> change) {
        bump(accountId).await().atMost(Duration.ofSeconds(5));
        T result = change.get();
        for (int attempt = 1; ; attempt++) {
            try {
                bump(accountId).await().atMost(Duration.ofSeconds(5));
                return result;
            } catch (RuntimeException e) {
                if (attempt == 3) {
                    // The first bump already invalidated every copy older than the change; cached entries also expire.
                    LOG.errorf("account %s changed, but its epoch could not be renewed after the change: %s", accountId, e);
                    return result;
                }
            }
        }
    }

    private Uni<Void> bump(String accountId) {
        return redis.execute(Command.SET, key(accountId), fresh()).replaceWithVoid();
    }

    private static String fresh() {
        byte[] bytes = new byte[9];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
