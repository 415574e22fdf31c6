package io.mediagate.gateway.auth;

import io.mediagate.common.api.ApiExceptionMapper;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses a request whose key lacks the scope of its endpoint ({@link ScopeRules}) with 403
 * {@code permission_denied} naming the scope. Runs right after the admission filter, before the body is read.
 */
public class ScopeFilter {
    @ServerRequestFilter(preMatching = true, priority = 6100)
    public Response check(ContainerRequestContext ctx, RoutingContext routing) {
        Caller caller = routing.get(Caller.CONTEXT_KEY);
        if (caller == null || caller.scopes() == null) {
            return null;
        }
        return ScopeRules.refusal(caller, ctx.getMethod(), ctx.getUriInfo().getPath()).map(ApiExceptionMapper::render).orElse(null);
    }
}
