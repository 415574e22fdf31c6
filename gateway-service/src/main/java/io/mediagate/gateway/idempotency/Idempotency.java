package io.mediagate.gateway.idempotency;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.support.LuaScript;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code Idempotency-Key} on generation requests. The first request with a key records, in Redis for 24 hours and per
 * account, its {@link Fingerprint} and the job it creates; a later request with the same key and the same request gets
 * that job's answer (waiting for it as the first did) with {@code Idempotent-Replayed: true}, never a second job or
 * charge; with another request it gets 409 {@code idempotency_conflict}. A first attempt refused before its job was
 * accepted (400, 402, 429 …) leaves no record, so its retry runs. A record whose job routing has still not seen
 * {@code mediagate.idempotency.lost-after} after it was made (its gateway died before handing it over) is taken over
 * by the next retry, by one replica only.
 */
@ApplicationScoped
public class Idempotency {
    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAYED = "Idempotent-Replayed";
    static final Duration TTL = Duration.ofHours(24);
    private static final Duration RECHECK = Duration.ofMillis(500);
    private static final LuaScript REPLACE = LuaScript.load("/idempotency/replace.lua");
    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final String prefix;
    private final Duration lostAfter;

    Idempotency(ReactiveRedisDataSource redis, Clock clock,
                @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix,
                @ConfigProperty(name = "mediagate.idempotency.lost-after", defaultValue = "15s") Duration lostAfter) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
        this.lostAfter = lostAfter;
    }

    /** The request's {@code Idempotency-Key}, or null; 400 when it is not 1 to 255 visible ASCII characters. */
    static String key(ContainerRequestContext request) {
        String key = request.getHeaderString(HEADER);
        if (key == null) {
            return null;
        }
        if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw ApiException.invalid(HEADER, HEADER + " must be 1 to 255 visible ASCII characters");
        }
        return key;
    }

    /** What a key's record holds: the request's fingerprint, its job and when the record was made. */
    record Record(String fingerprint, String jobId, long createdMs) {
        String value() {
            return fingerprint + " " + jobId + " " + createdMs;
        }

        static Record parse(String value) {
            String[] parts = value.split(" ");
            return new Record(parts[0], parts[1], Long.parseLong(parts[2]));
        }
    }

    /**
     * Runs {@code fresh} (which creates job {@code jobId}) unless the request's {@code Idempotency-Key} was used
     * before: then answers {@code replay} of the job the first request created. The request's {@code fingerprint}
     * is only taken when it has a key.
     */
    public Uni<Response> once(ContainerRequestContext request, Caller caller, Supplier<String> fingerprint, String jobId,
                              Supplier<Uni<Response>> fresh, Function<String, Uni<Response>> replay) {
        String key = key(request);
        if (key == null) {
            return Uni.createFrom().deferred(fresh::get);
        }
        String record = prefix + ":idem:{" + caller.accountId() + "}:" + KeyHashing.hash(key);
        Record mine = new Record(fingerprint.get(), jobId, clock.millis());
        return redis.execute(Command.SET, record, mine.value(), "NX", "PX", String.valueOf(TTL.toMillis()))
                .flatMap(set -> set != null ? first(record, mine, fresh) : later(record, mine, fresh, replay));
    }

    /** The first request with the key: its record goes if the request is refused before its job is accepted. */
    private Uni<Response> first(String record, Record mine, Supplier<Uni<Response>> fresh) {
        return Uni.createFrom().deferred(fresh::get)
                .onFailure(f -> f instanceof ApiException e && e.code().status() / 100 == 4)
                .call(f -> REPLACE.run(redis, List.of(record), List.of(mine.value(), "", "0")));
    }

    private Uni<Response> later(String record, Record mine, Supplier<Uni<Response>> fresh, Function<String, Uni<Response>> replay) {
        return redis.execute(Command.GET, record).flatMap(value -> {
            if (value == null) { // the first attempt was refused meanwhile and its record removed: this one is first now
                return redis.execute(Command.SET, record, mine.value(), "NX", "PX", String.valueOf(TTL.toMillis()))
                        .flatMap(set -> set != null ? first(record, mine, fresh) : later(record, mine, fresh, replay));
            }
            Record found = Record.parse(value.toString());
            if (!found.fingerprint().equals(mine.fingerprint())) {
                throw new ApiException(ErrorCode.IDEMPOTENCY_CONFLICT, "this " + HEADER
                        + " was used for a different request within the last 24 hours; use a new key for a new request", HEADER);
            }
            return replay.apply(found.jobId())
                    .map(answer -> Response.fromResponse(answer).header(REPLAYED, "true").build())
                    .onFailure(f -> f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND)
                    .recoverWithUni(notSeen -> unseen(record, found, mine, fresh, replay));
        });
    }

    /** Routing does not know the first attempt's job: wait while it may still be on its way, then take it over. */
    private Uni<Response> unseen(String record, Record found, Record mine, Supplier<Uni<Response>> fresh,
                                 Function<String, Uni<Response>> replay) {
        if (clock.millis() - found.createdMs() < lostAfter.toMillis()) {
            return Uni.createFrom().voidItem().onItem().delayIt().by(RECHECK).flatMap(v -> later(record, mine, fresh, replay));
        }
        Record taking = new Record(mine.fingerprint(), mine.jobId(), clock.millis());
        return REPLACE.run(redis, List.of(record), List.of(found.value(), taking.value(), String.valueOf(TTL.toMillis())))
                .flatMap(r -> r.toInteger() == 1 ? first(record, taking, fresh) : later(record, mine, fresh, replay));
    }
}
