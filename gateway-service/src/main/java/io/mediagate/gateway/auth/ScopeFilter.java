package io.mediagate.gateway.auth;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        Set<Scope> needed = ScopeRules.required(ctx.getMethod(), ctx.getUriInfo().getPath());
        if (needed.isEmpty() || caller.mayAny(needed)) {
            return null;
        }
        List<String> names = needed.stream().map(s -> s.wire).toList();
        return ApiExceptionMapper.render(new ApiException(ErrorCode.PERMISSION_DENIED, "this key lacks the scope "
                + String.join(" or ", names) + " that " + ctx.getMethod() + " " + ctx.getUriInfo().getPath() + " needs",
                null, Map.of("required_scopes", names)));
    }
}
