package io.mediagate.gateway.limits;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.gateway.auth.ApiKeyAuthMechanism;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyCache;
import io.mediagate.gateway.auth.KeyLastUse;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Admits every API request before anything else runs: finds the caller's key (cached, {@link KeyCache}) and
 * counts the request against the caller's windows, accounts by their tier, unauthenticated callers and
 * keys that are unknown, revoked or expired by client address. One Redis script counts and checks that the cached
 * key is still current; when it is not, the key is read again. Adds {@code X-RateLimit-*} to every
 * response and answers 429 when a window is full. When Redis or the key store cannot be reached the
 * answer is 503 with {@code Retry-After}: a key that could not be checked is never taken for anonymous.
 * Public files ({@code /files/*}) are left to the CDN in front.
 */
public class AdmissionFilter {
    static final String DECISION = "mediagate.rateLimit";
    private static final Logger LOG = Logger.getLogger(AdmissionFilter.class);
    /** Reloads of one key in one request before giving up (its account changing again and again). */
    private static final int RELOADS = 3;
    private final RateLimiter limiter;
    private final KeyCache keys;
    private final LimitRefusals refusals;
    private final RateLimits anonymous;
    private final KeyLastUse lastUse;
    private final Clock clock;

    AdmissionFilter(RateLimiter limiter, KeyCache keys, LimitRefusals refusals, KeyLastUse lastUse, Clock clock,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-minute", defaultValue = "30") int perMinute,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-hour", defaultValue = "300") int perHour,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-day", defaultValue = "2000") int perDay) {
        this.limiter = limiter;
        this.keys = keys;
        this.refusals = refusals;
        this.lastUse = lastUse;
        this.clock = clock;
        this.anonymous = new RateLimits(perMinute, perHour, perDay, 0);
    }

    @ServerRequestFilter(preMatching = true, priority = 6000)
    public Uni<Response> admit(ContainerRequestContext ctx, RoutingContext routing) {
        String path = ctx.getUriInfo().getPath();
        if (path.startsWith("/files/")) {
            return Uni.createFrom().nullItem();
        }
        boolean video = "POST".equals(ctx.getMethod()) && path.equals("/v1/videos/generations");
        Optional<String> hash = ApiKeyAuthMechanism.keyHash(routing.request().getHeader("Authorization"));
        Uni<Decision> counted = hash.isPresent() ? byKey(hash.get(), routing, video, RELOADS) : byAddress(routing, video);
        return counted
                .map(decision -> {
                    ctx.setProperty(DECISION, decision);
                    return decision.allowed() ? null : refuse(decision);
                })
                .onFailure().recoverWithItem(f -> {
                    LOG.errorf("admission unavailable: %s", f.toString());
                    return ApiExceptionMapper.render(ApiException.unavailable("the service is temporarily unavailable; try again shortly"));
                });
    }

    private Uni<Decision> byKey(String hash, RoutingContext routing, boolean video, int reloads) {
        return keys.find(hash).flatMap(known -> {
            if (known.isEmpty()) {
                return byAddress(routing, video); // unknown or revoked: 401 once authentication is asked for
            }
            if (known.get().expired(clock.instant())) {
                routing.put(ApiKeyAuthMechanism.EXPIRED_AT, known.get().expiresAt());
                return byAddress(routing, video); // 401 once authentication is asked for, naming the expiry
            }
            if (known.get().suspended()) {
                routing.put(ApiKeyAuthMechanism.SUSPENDED, Boolean.TRUE);
                return byAddress(routing, video); // 401 once authentication is asked for, saying the account is suspended
            }
            Caller caller = known.get().caller();
            return limiter.consume(caller.accountId(), RateLimits.of(caller.limits()), video, known.get().epochKey(), known.get().epoch())
                    .flatMap(count -> switch (count) {
                        case Decision d -> {
                            routing.put(Caller.CONTEXT_KEY, caller);
                            if (d.allowed()) {
                                lastUse.seen(caller.keyId());
                            }
                            yield Uni.createFrom().item(d);
                        }
                        case Count.Stale stale -> {
                            keys.invalidate(hash);
                            if (reloads == 0) {
                                throw new IllegalStateException("the credentials of " + caller.accountId() + " keep changing");
                            }
                            yield byKey(hash, routing, video, reloads - 1);
                        }
                    });
        });
    }

    private Uni<Decision> byAddress(RoutingContext routing, boolean video) {
        String address = routing.request().remoteAddress() == null ? "unknown" : routing.request().remoteAddress().hostAddress();
        return limiter.consume("ip:" + address, anonymous, video, null, null).map(Decision.class::cast);
    }

    private Response refuse(Decision d) {
        refusals.count(d.window());
        return ApiExceptionMapper.render(RateLimiter.exceeded(d));
    }

    /**
     * Adds the {@code X-RateLimit-*} headers. A request that passed the windows but was then refused by another
     * limit (429: concurrency, storage) is given back first, so that the retry the caller is told to make is not
     * refused by a window the refused request spent.
     */
    @ServerResponseFilter
    public Uni<Void> headers(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(request.getProperty(DECISION) instanceof Decision d)) {
            return Uni.createFrom().voidItem();
        }
        if (response.getStatus() != 429 || !d.allowed() || d.counted().isEmpty()) {
            write(response, d);
            return Uni.createFrom().voidItem();
        }
        return limiter.refund(d)
                .map(given -> d.refunded())
                .onFailure().recoverWithItem(f -> {
                    LOG.warnf("a refused request could not be given back to its windows: %s", f.toString());
                    return d;
                })
                .invoke(shown -> write(response, shown))
                .replaceWithVoid();
    }

    private static void write(ContainerResponseContext response, Decision d) {
        MultivaluedMap<String, Object> h = response.getHeaders();
        h.putSingle("X-RateLimit-Limit", d.limit());
        h.putSingle("X-RateLimit-Remaining", d.remaining());
        h.putSingle("X-RateLimit-Reset", d.reset());
    }
}
