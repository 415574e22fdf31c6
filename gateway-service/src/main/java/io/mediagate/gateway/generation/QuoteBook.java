package io.mediagate.gateway.generation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The quotes given, kept in Redis until they expire ({@code mediagate.quotes.ttl}, 15 minutes by default): whose each is, the
 * terms of the request it priced ({@link QuotedTerms}) and its price. A request sent with a {@code quote_id} is held to it
 * ({@link #capped}): charged at most its price, or refused with 400 naming {@code quote_id} when the quote is unknown, expired,
 * another account's or of another request. A quote may be used by any number of requests while it lasts.
 */
@ApplicationScoped
public class QuoteBook {
    private final ReactiveRedisDataSource redis;
    private final ObjectMapper json;
    private final Clock clock;
    private final String prefix;
    private final Duration ttl;

    /** What is kept of a quote. */
    record Kept(String accountId, String endpoint, String terms, BigDecimal price, Instant expiresAt) {}

    QuoteBook(ReactiveRedisDataSource redis, ObjectMapper json, Clock clock,
              @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix,
              @ConfigProperty(name = "mediagate.quotes.ttl", defaultValue = "15m") Duration ttl) {
        this.redis = redis;
        this.json = json;
        this.clock = clock;
        this.prefix = prefix;
        this.ttl = ttl;
    }

    /** When a quote given now expires. */
    public Instant expiry() {
        return clock.instant().plus(ttl);
    }

    /** Keeps quote {@code id} of {@code request} (made at {@code endpoint}) at {@code price} until {@code expiresAt}. */
    public Uni<Void> keep(String id, Caller caller, String endpoint, GenerationRequest request, BigDecimal price, Instant expiresAt) {
        Kept kept = new Kept(caller.accountId(), endpoint, QuotedTerms.of(json, request), price, expiresAt);
        try {
            return redis.execute(Command.SET, key(id), json.writeValueAsString(kept), "PXAT", String.valueOf(expiresAt.toEpochMilli()))
                    .replaceWithVoid();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code request} held to the quote it was sent with (its cap, the quote's price); as it is when sent without one. */
    public Uni<GenerationRequest> capped(Caller caller, GenerationRequest request) {
        String id = request.quoteId();
        if (id == null) {
            return Uni.createFrom().item(request);
        }
        return redis.execute(Command.GET, key(id)).map(value -> {
            Kept kept = value == null ? null : read(value.toString());
            if (kept == null || !kept.accountId().equals(caller.accountId()) || !clock.instant().isBefore(kept.expiresAt())) {
                throw ApiException.invalid(RequestFields.QUOTE_ID, "no quote " + id + ": it is unknown or has expired (a quote lasts "
                        + ttl.toMinutes() + " minutes); ask for a new one (POST /v1/quotes)");
            }
            if (!kept.terms().equals(QuotedTerms.of(json, request))) {
                throw ApiException.invalid(RequestFields.QUOTE_ID, "quote " + id + " priced another request (of " + kept.endpoint()
                        + "): send the request it priced, or ask for a quote of this one");
            }
            return request.cappedAt(kept.price());
        });
    }

    private Kept read(String value) {
        try {
            return json.readValue(value, Kept.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private String key(String id) {
        return prefix + ":quote:" + id;
    }
}
