package io.mediagate.gateway.auth;

import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * Whether a key still authenticates, for what outlives its request (an open event stream): the request was admitted
 * once, but the key may since have been revoked or expired, or its account changed. Cheap while nothing changed: the
 * key's cached entry ({@link KeyCache}) and one read of its account's epoch ({@link Epochs}); when the epoch moved the
 * key is read again, exactly as the next request would read it, so whatever makes a request's key fail makes this fail.
 */
@ApplicationScoped
public class KeyStanding {
    private final KeyCache keys;
    private final ReactiveRedisDataSource redis;
    private final Clock clock;

    KeyStanding(KeyCache keys, ReactiveRedisDataSource redis, Clock clock) {
        this.keys = keys;
        this.redis = redis;
        this.clock = clock;
    }

    /** True while the key with this hash would still be admitted; fails when Redis or the key store cannot be read. */
    public Uni<Boolean> current(String hash) {
        return keys.find(hash).flatMap(known -> {
            if (known.isEmpty() || known.get().refused(clock.instant())) {
                return Uni.createFrom().item(false);
            }
            KeyCache.Known key = known.get();
            if (key.epochKey() == null) {
                return Uni.createFrom().item(true); // the administrator key, from configuration: nothing revokes it here
            }
            return redis.execute(Command.GET, key.epochKey()).flatMap(epoch -> {
                if (epoch != null && epoch.toString().equals(key.epoch())) {
                    return Uni.createFrom().item(true);
                }
                keys.invalidate(hash);
                return keys.find(hash).map(again -> again.isPresent() && !again.get().refused(clock.instant()));
            });
        });
    }
}
