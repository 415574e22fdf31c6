package io.mediagate.gateway.limits;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.values.MediaKind;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Generations in flight per account and media kind, as leases in Redis: taken atomically when a
 * generation is accepted, released when it ends (reply or completion event, whichever is seen), and
 * expiring after {@code lease-ttl} if neither ever comes. Exact across gateway replicas.
 */
@ApplicationScoped
public class ConcurrencyLeases {
    private static final LuaScript ACQUIRE = LuaScript.load("/limits/acquire.lua");
    /** When a generation refused for concurrency is told to retry, in seconds. */
    private static final int RETRY_SECONDS = 5;
    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final String prefix;
    private final Duration ttl;

    ConcurrencyLeases(ReactiveRedisDataSource redis, Clock clock,
                      @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix,
                      @ConfigProperty(name = "mediagate.limits.lease-ttl", defaultValue = "15m") Duration ttl) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
        this.ttl = ttl;
    }

    private String key(String accountId, String kind) {
        return prefix + ":lease:{" + accountId + "}:" + kind;
    }

    /** How many generations of {@code kind} {@code caller}'s account may run at once. */
    public static int limit(Caller caller, MediaKind kind) {
        return kind == MediaKind.VIDEO ? caller.limits().concurrentVideos() : caller.limits().concurrentImages();
    }

    /** The 429 of a generation of {@code kind} refused because {@code limit} of them are running. */
    public static ApiException refusal(int limit, MediaKind kind) {
        return new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "at most " + limit + " " + kind.wire()
                + " generations may run at once for this account; retry when one finishes", null,
                Map.of("retry_after", RETRY_SECONDS, "limit", "concurrency_" + kind.wire()));
    }

    /** True when the lease is now held for {@code jobId}; false when {@code limit} generations are in flight. */
    public Uni<Boolean> acquire(String accountId, String kind, String jobId, int limit) {
        long now = clock.millis();
        return ACQUIRE.run(redis, List.of(key(accountId, kind)),
                List.of(String.valueOf(now), String.valueOf(now + ttl.toMillis()), String.valueOf(limit), jobId))
                .map(r -> r.toInteger() == 1);
    }

    /** Idempotent: releasing a lease twice, or one never taken, changes nothing. */
    public Uni<Void> release(String accountId, String kind, String jobId) {
        return redis.execute(Command.ZREM, key(accountId, kind), jobId).replaceWithVoid();
    }

    /** Leases currently held (expired ones not counted). */
    public Uni<Integer> active(String accountId, String kind) {
        return redis.execute(Command.ZCOUNT, key(accountId, kind), String.valueOf(clock.millis()), "+inf")
                .map(r -> r.toInteger());
    }
}
