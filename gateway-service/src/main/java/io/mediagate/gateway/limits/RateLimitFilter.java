package io.mediagate.gateway.limits;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.auth.Caller;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Counts every API request against its caller's windows before anything else runs: accounts by their
 * tier, unauthenticated callers by client address. Adds {@code X-RateLimit-*} to every response and
 * answers 429 when a window is full. Public files ({@code /files/*}) are left to the CDN in front.
 */
public class RateLimitFilter {
    static final String DECISION = "mediagate.rateLimit";
    private static final Logger LOG = Logger.getLogger(RateLimitFilter.class);
    private final RateLimiter limiter;
    private final CurrentIdentityAssociation identities;
    private final RateLimits anonymous;

    RateLimitFilter(RateLimiter limiter, CurrentIdentityAssociation identities,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-minute", defaultValue = "30") int perMinute,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-hour", defaultValue = "300") int perHour,
                    @ConfigProperty(name = "mediagate.limits.anonymous.per-day", defaultValue = "2000") int perDay) {
        this.limiter = limiter;
        this.identities = identities;
        this.anonymous = new RateLimits(perMinute, perHour, perDay, 0);
    }

    @ServerRequestFilter(preMatching = true, priority = 6000)
    public Uni<Response> limit(ContainerRequestContext ctx, HttpServerRequest http) {
        String path = ctx.getUriInfo().getPath();
        if (path.startsWith("/files/")) {
            return Uni.createFrom().nullItem();
        }
        boolean video = "POST".equals(ctx.getMethod()) && path.equals("/v1/videos/generations");
        return identities.getDeferredIdentity()
                .onFailure().recoverWithNull()
                .flatMap(identity -> count(identity, http, video))
                .map(decision -> {
                    ctx.setProperty(DECISION, decision);
                    return decision.allowed() ? null : refuse(decision);
                })
                .onFailure().recoverWithItem(f -> {
                    LOG.errorf("rate limiting unavailable: %s", f.toString());
                    return ApiExceptionMapper.render(new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                            "the service is temporarily unavailable; try again shortly"));
                });
    }

    private Uni<Decision> count(SecurityIdentity identity, HttpServerRequest http, boolean video) {
        if (identity == null || identity.isAnonymous()) {
            String address = http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
            return limiter.consume("ip:" + address, anonymous, video);
        }
        Caller caller = Caller.of(identity);
        return limiter.consume(caller.accountId(), RateLimits.of(caller.limits()), video);
    }

    private static Response refuse(Decision d) {
        return ApiExceptionMapper.render(new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED,
                "rate limit exceeded: " + d.limit() + " requests per " + d.window().replace('_', ' ') + "; retry in " + d.retryAfter() + " s",
                null, Map.of("retry_after", d.retryAfter(), "limit", d.window())));
    }

    @ServerResponseFilter
    public void headers(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(DECISION) instanceof Decision d) {
            MultivaluedMap<String, Object> h = response.getHeaders();
            h.putSingle("X-RateLimit-Limit", d.limit());
            h.putSingle("X-RateLimit-Remaining", d.remaining());
            h.putSingle("X-RateLimit-Reset", d.reset());
        }
    }
}
