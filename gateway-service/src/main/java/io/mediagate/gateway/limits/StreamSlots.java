package io.mediagate.gateway.limits;

import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Job event streams open per key, as slots in Redis (the same atomic take as {@link ConcurrencyLeases}, one set per key):
 * taken when a stream opens, given back when it ends, and renewed while it runs, so that the slots of a replica that died
 * with its streams open run out after {@code mediagate.streams.slot-ttl}. Exact across gateway replicas.
 */
@ApplicationScoped
public class StreamSlots {
    private static final LuaScript ACQUIRE = LuaScript.load("/limits/acquire.lua");
    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final String prefix;
    private final Duration ttl;

    StreamSlots(ReactiveRedisDataSource redis, Clock clock,
                @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix,
                @ConfigProperty(name = "mediagate.streams.slot-ttl", defaultValue = "60s") Duration ttl) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
        this.ttl = ttl;
    }

    /** One key's slots: the account (the Redis hash tag, one Cluster slot per account) and the key's id. */
    public record Owner(String accountId, String keyId) {
        String redisKey(String prefix) {
            return prefix + ":streams:{" + accountId + "}:" + (keyId == null ? "admin" : keyId);
        }
    }

    /** How long a slot lasts without renewal; renew well within it. */
    public Duration ttl() {
        return ttl;
    }

    /** True when {@code stream} now holds one of the key's slots; false when {@code limit} streams are open. */
    public Uni<Boolean> acquire(Owner owner, String stream, int limit) {
        long now = clock.millis();
        return ACQUIRE.run(redis, List.of(owner.redisKey(prefix)),
                List.of(String.valueOf(now), String.valueOf(now + ttl.toMillis()), String.valueOf(limit), stream))
                .map(r -> r.toInteger() == 1);
    }

    /** Extends the slots of {@code streams}, all of one key, by the ttl from now (only those still held). */
    public Uni<Void> renew(Owner owner, List<String> streams) {
        String expiry = String.valueOf(clock.millis() + ttl.toMillis());
        List<String> args = new ArrayList<>(List.of(owner.redisKey(prefix), "XX"));
        for (String stream : streams) {
            args.add(expiry);
            args.add(stream);
        }
        return redis.execute(Command.ZADD, args.toArray(String[]::new))
                .call(() -> redis.execute(Command.PEXPIREAT, owner.redisKey(prefix), expiry)).replaceWithVoid();
    }

    /** Idempotent: giving back a slot twice, or one never taken, changes nothing. */
    public Uni<Void> release(Owner owner, String stream) {
        return redis.execute(Command.ZREM, owner.redisKey(prefix), stream).replaceWithVoid();
    }
}
