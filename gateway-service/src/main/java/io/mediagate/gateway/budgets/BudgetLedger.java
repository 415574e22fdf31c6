package io.mediagate.gateway.budgets;

import io.mediagate.gateway.auth.Budgets;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.Period;
import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Spend per account and per key, per UTC day and month, in Redis (micro-dollars): what finished jobs cost plus what
 * running jobs have reserved. A job of a capped caller reserves its worst-case price before it is submitted (one
 * script checks every cap and reserves, so replicas together never pass a cap); its end settles the reservation to
 * the real price once ({@code generation.events}); a reservation whose job is never seen to end is given back after
 * {@code mediagate.budgets.reservation-ttl}. Jobs of uncapped callers are charged when they end, so a cap set later
 * starts from the spend of the period so far.
 */
@ApplicationScoped
public class BudgetLedger {
    private static final LuaScript RESERVE = LuaScript.load("/budgets/reserve.lua");
    private static final LuaScript SETTLE = LuaScript.load("/budgets/settle.lua");
    /** Counters outlive their period by this much, so a job reserved just before it ends still settles into it. */
    private static final Duration AFTER_PERIOD = Duration.ofDays(2);
    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final String prefix;
    private final Duration reservationTtl;
    private final Duration settledTtl;

    BudgetLedger(ReactiveRedisDataSource redis, Clock clock,
                 @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix,
                 @ConfigProperty(name = "mediagate.budgets.reservation-ttl", defaultValue = "6h") Duration reservationTtl,
                 @ConfigProperty(name = "mediagate.budgets.settled-ttl", defaultValue = "1h") Duration settledTtl) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
        this.reservationTtl = reservationTtl;
        this.settledTtl = settledTtl;
    }

    /** One counter: whose (the account, or a key) and which period, with the cap that applies to it (null: none). */
    record Counter(String scope, String keyId, Period period, BigDecimal cap) {}

    /** The outcome of a reservation. */
    public sealed interface Outcome {}

    public record Reserved() implements Outcome {}

    /** The cap of {@code scope} ({@code account} or {@code key}) for {@code period} would be passed. */
    public record Refused(String scope, Period period, BigDecimal cap, BigDecimal spent, BigDecimal reserved,
                          BigDecimal requested, Instant resetsAt) implements Outcome {}

    /** Reserves {@code amount} for {@code jobId} against every cap of {@code caller}. */
    public Uni<Outcome> reserve(Caller caller, String jobId, BigDecimal amount) {
        return reserve(caller, jobId, amount, reservationTtl);
    }

    /** As {@link #reserve(Caller, String, BigDecimal)}, given back after {@code ttl} if the job is never seen to end. */
    public Uni<Outcome> reserve(Caller caller, String jobId, BigDecimal amount, Duration ttl) {
        Instant now = clock.instant();
        List<Counter> counters = counters(caller.keyId(), caller.budgets());
        List<String> keys = new ArrayList<>(List.of(reservations(caller.accountId()), expiries(caller.accountId())));
        List<String> args = new ArrayList<>(List.of(String.valueOf(now.toEpochMilli()),
                String.valueOf(now.plus(ttl).toEpochMilli()), jobId, String.valueOf(micros(amount))));
        counters.forEach(c -> keys.add(key(caller.accountId(), c, now)));
        counters.forEach(c -> args.add(c.cap() == null ? "-1" : String.valueOf(micros(c.cap()))));
        counters.forEach(c -> args.add(String.valueOf(expiry(c.period(), now))));
        return RESERVE.run(redis, keys, args).map(r -> {
            if (r.get(0).toInteger() == 1) {
                return new Reserved();
            }
            Counter full = counters.get(r.get(1).toInteger() - 1);
            long committed = r.get(2).toLong();
            long reserved = r.get(3).toLong();
            return new Refused(full.scope(), full.period(), full.cap(), dollars(committed - reserved), dollars(reserved), amount,
                    full.period().resets(now));
        });
    }

    /**
     * Settles the job that ended at {@code at} with {@code price} (zero when it failed, was cancelled or never ran):
     * its reservation becomes the real price, once; a job without one is charged to its account and key.
     */
    public Uni<Void> settle(String accountId, String keyId, String jobId, BigDecimal price, Instant at) {
        Instant now = clock.instant();
        List<Counter> counters = counters(keyId, Budgets.NONE);
        List<String> keys = new ArrayList<>(List.of(reservations(accountId), expiries(accountId)));
        List<String> args = new ArrayList<>(List.of(jobId, String.valueOf(micros(price == null ? BigDecimal.ZERO : price)),
                String.valueOf(now.plus(settledTtl).toEpochMilli())));
        Instant when = at == null ? now : at;
        counters.forEach(c -> keys.add(key(accountId, c, when)));
        counters.forEach(c -> args.add(String.valueOf(expiry(c.period(), when))));
        return SETTLE.run(redis, keys, args).replaceWithVoid();
    }

    /** One period of one scope as {@code GET /v1/usage} shows it. */
    public record PeriodState(BigDecimal cap, BigDecimal spent, BigDecimal reserved, BigDecimal remaining, Instant resetsAt) {}

    /** Spend, reservations and caps of the caller's account and key now, by scope ({@code account}, {@code key}) and period. */
    public Uni<List<ScopeState>> peek(Caller caller) {
        Instant now = clock.instant();
        List<Counter> counters = counters(caller.keyId(), caller.budgets());
        List<Uni<PeriodState>> states = counters.stream().map(c -> redis.execute(Command.HMGET, key(caller.accountId(), c, now), "c", "r")
                .map(r -> {
                    long committed = r.get(0) == null ? 0 : r.get(0).toLong();
                    long reserved = r.get(1) == null ? 0 : r.get(1).toLong();
                    BigDecimal left = c.cap() == null ? null : c.cap().subtract(dollars(committed)).max(BigDecimal.ZERO);
                    return new PeriodState(c.cap(), dollars(committed - reserved), dollars(reserved), left, c.period().resets(now));
                })).toList();
        return Uni.join().all(states).andFailFast().map(all -> {
            List<ScopeState> out = new ArrayList<>();
            for (int i = 0; i < counters.size(); i += 2) {
                out.add(new ScopeState(counters.get(i).scope(), counters.get(i).keyId(), all.get(i), all.get(i + 1)));
            }
            return out;
        });
    }

    /**
     * The cap of {@code caller}'s account or key that reserving {@code amount} now would pass, read without reserving: the
     * refusal a request would get; empty when every cap has room.
     */
    public Uni<Optional<Refused>> wouldRefuse(Caller caller, BigDecimal amount) {
        return peek(caller).map(scopes -> {
            for (ScopeState scope : scopes) {
                for (Map.Entry<Period, PeriodState> p : List.of(Map.entry(Period.DAILY, scope.daily()), Map.entry(Period.MONTHLY, scope.monthly()))) {
                    PeriodState state = p.getValue();
                    if (state.cap() != null && state.remaining().compareTo(amount) < 0) {
                        return Optional.of(new Refused(scope.scope(), p.getKey(), state.cap(), state.spent(), state.reserved(), amount,
                                state.resetsAt()));
                    }
                }
            }
            return Optional.<Refused>empty();
        });
    }

    /** A scope's two periods. */
    public record ScopeState(String scope, String keyId, PeriodState daily, PeriodState monthly) {}

    /** The account's daily and monthly counters, then the key's (when there is a key). */
    private static List<Counter> counters(String keyId, Budgets budgets) {
        List<Counter> out = new ArrayList<>();
        for (Period p : Period.values()) {
            out.add(new Counter("account", null, p, budgets.account() == null ? null : budgets.account().cap(p)));
        }
        if (keyId != null) {
            for (Period p : Period.values()) {
                out.add(new Counter("key", keyId, p, budgets.key() == null ? null : budgets.key().cap(p)));
            }
        }
        return out;
    }

    private String key(String accountId, Counter c, Instant at) {
        String whose = c.keyId() == null ? "a" : "k:" + c.keyId();
        return prefix + ":budget:{" + accountId + "}:" + whose + ":" + c.period().label(at);
    }

    private String reservations(String accountId) {
        return prefix + ":budget:{" + accountId + "}:reserved";
    }

    private String expiries(String accountId) {
        return prefix + ":budget:{" + accountId + "}:expiries";
    }

    private static long expiry(Period period, Instant at) {
        return period.resets(at).plus(AFTER_PERIOD).getEpochSecond();
    }

    /** Whole micro-dollars, rounded up: a reservation is never less than the price. */
    static long micros(BigDecimal dollars) {
        return dollars.movePointRight(6).setScale(0, RoundingMode.CEILING).longValueExact();
    }

    static BigDecimal dollars(long micros) {
        BigDecimal d = BigDecimal.valueOf(micros, 6).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }
}
