package io.mediagate.gateway.limits;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Fixed-window rate limits kept in Redis and checked-and-counted by one Lua script, so any number of
 * gateway replicas together allow exactly the limit. A refused request is not counted. The same script
 * checks that the caller's cached credentials are current (see {@code auth.Epochs}).
 */
@ApplicationScoped
public class RateLimiter {
    private static final LuaScript CONSUME = LuaScript.load("/limits/consume.lua");
    private static final LuaScript REFUND = LuaScript.load("/limits/refund.lua");
    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final String prefix;

    RateLimiter(ReactiveRedisDataSource redis, Clock clock,
                @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
    }

    /**
     * Counts a request of {@code subject} (an account id, or {@code ip:<address>}) if {@code epochKey} still
     * holds {@code epoch}, the value the caller's credentials were cached with (both null: nothing to check).
     */
    public Uni<Count> consume(String subject, RateLimits limits, boolean video, String epochKey, String epoch) {
        Instant now = clock.instant();
        List<Window> windows = new ArrayList<>(List.of(Window.MINUTE, Window.HOUR, Window.DAY));
        if (video) {
            windows.add(Window.VIDEO_MINUTE);
        }
        List<String> keys = new ArrayList<>(windows.stream().map(w -> key(subject, w, now)).toList());
        List<String> args = new ArrayList<>(List.of(String.valueOf(windows.size()), epoch == null ? "" : epoch));
        if (epoch != null) {
            keys.add(epochKey);
        }
        windows.forEach(w -> args.add(String.valueOf(limits.limit(w))));
        windows.forEach(w -> args.add(String.valueOf(w.seconds + 60)));
        List<String> counters = keys.subList(0, windows.size());
        return CONSUME.run(redis, keys, args).<Count>map(r -> r.get(0).toInteger() == -1 ? new Count.Stale()
                : decide(r, windows, counters, limits, now));
    }

    /** The 429 of a request {@code refused} was refused by: its window, limit and when to retry. */
    public static ApiException exceeded(Decision refused) {
        return new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "rate limit exceeded: " + refused.limit() + " requests per "
                + refused.window().replace('_', ' ') + "; retry in " + refused.retryAfter() + " s", null,
                Map.of("retry_after", refused.retryAfter(), "limit", refused.window()));
    }

    /**
     * The window of {@code subject} that would refuse one more request now (a video generation's {@code video} counted in its
     * own window too), read without counting: what a request sent now would get; empty when every window has room.
     */
    public Uni<java.util.Optional<Decision>> full(String subject, RateLimits limits, boolean video) {
        Instant now = clock.instant();
        List<Window> windows = new ArrayList<>(List.of(Window.MINUTE, Window.HOUR, Window.DAY));
        if (video) {
            windows.add(Window.VIDEO_MINUTE);
        }
        return redis.execute(Command.MGET, windows.stream().map(w -> key(subject, w, now)).toArray(String[]::new)).map(r -> {
            for (int i = 0; i < windows.size(); i++) {
                Window w = windows.get(i);
                if (r.get(i) != null && r.get(i).toInteger() >= limits.limit(w)) {
                    long reset = w.reset(now);
                    return java.util.Optional.of(new Decision(false, w.wire, limits.limit(w), 0, reset,
                            Math.max(1, reset - now.getEpochSecond()), List.of()));
                }
            }
            return java.util.Optional.<Decision>empty();
        });
    }

    /** Gives back a request counted in {@code decision}: a later limit (concurrency, storage) refused it. */
    public Uni<Void> refund(Decision decision) {
        if (decision.counted().isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return REFUND.run(redis, decision.counted(), List.of()).replaceWithVoid();
    }

    /** One window's state for {@code GET /v1/usage}. */
    public record WindowState(int limit, int remaining, long reset) {}

    /** The current state of every window of {@code subject}, without counting a request. */
    public Uni<java.util.Map<String, WindowState>> peek(String subject, RateLimits limits) {
        Instant now = clock.instant();
        List<Window> windows = List.of(Window.MINUTE, Window.HOUR, Window.DAY, Window.VIDEO_MINUTE);
        String[] keys = windows.stream().map(w -> key(subject, w, now)).toArray(String[]::new);
        return redis.execute(Command.MGET, keys).map(r -> {
            java.util.Map<String, WindowState> out = new java.util.LinkedHashMap<>();
            for (int i = 0; i < windows.size(); i++) {
                Window w = windows.get(i);
                int used = r.get(i) == null ? 0 : r.get(i).toInteger();
                out.put(w == Window.VIDEO_MINUTE ? "videoMinute" : w.wire,
                        new WindowState(limits.limit(w), Math.max(0, limits.limit(w) - used), w.reset(now)));
            }
            return out;
        });
    }

    /** One counter per subject and window; the hash tag keeps a subject's counters in one Redis Cluster slot. */
    private String key(String subject, Window w, Instant now) {
        return prefix + ":rl:{" + subject + "}:" + w.wire + ":" + w.index(now);
    }

    private static Decision decide(Response r, List<Window> windows, List<String> keys, RateLimits limits, Instant now) {
        if (r.get(0).toInteger() == 0) {
            Window full = windows.get(r.get(1).toInteger() - 1);
            long reset = full.reset(now);
            return new Decision(false, full.wire, limits.limit(full), 0, reset, Math.max(1, reset - now.getEpochSecond()), List.of());
        }
        Decision tightest = null;
        for (int i = 0; i < windows.size(); i++) {
            Window w = windows.get(i);
            int remaining = Math.max(0, limits.limit(w) - r.get(i + 1).toInteger());
            if (tightest == null || remaining < tightest.remaining()) {
                tightest = new Decision(true, w.wire, limits.limit(w), remaining, w.reset(now), 0, keys);
            }
        }
        return tightest;
    }
}
