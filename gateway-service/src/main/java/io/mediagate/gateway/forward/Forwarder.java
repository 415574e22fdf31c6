package io.mediagate.gateway.forward;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Relays a read to the service that owns the data, as the authenticated caller (a short-lived internal
 * JWT, never the caller's key), and passes the owner's answer back unchanged.
 */
@ApplicationScoped
public class Forwarder {
    private static final Logger LOG = Logger.getLogger(Forwarder.class);
    private static final List<String> PASSED_BACK = List.of("Content-Type", "ETag", "Cache-Control", "Content-Range",
            "Accept-Ranges", "Last-Modified", "Location", "Content-Security-Policy", "X-Content-Type-Options");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    private final InternalTokens tokens;
    private final Tracing tracing;

    Forwarder(InternalTokens tokens, Tracing tracing) {
        this.tokens = tokens;
        this.tracing = tracing;
    }

    /** {@code target} is the owner's base URL plus the raw path and query of the original request. */
    public Uni<Response> forward(String target, Caller caller, String requestId, Map<String, String> headers) {
        return forward("GET", target, caller, requestId, headers, null);
    }

    /** As {@link #forward(String, Caller, String, Map)} with any method and, when not null, a JSON body. */
    public Uni<Response> forward(String method, String target, Caller caller, String requestId, Map<String, String> headers,
                                 String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target))
                .timeout(Duration.ofSeconds(30))
                .header(RequestIdFilter.HEADER, requestId)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (caller != null) {
            request.header("Authorization", tokens.bearer(caller.accountId(), caller.tier().wire(), caller.groups()));
        }
        headers.forEach(request::header);
        tracing.inject(request::header);
        return Uni.createFrom().completionStage(() -> http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()))
                .map(Forwarder::relay)
                .onFailure(f -> !(f instanceof ApiException)).transform(f -> {
                    LOG.warnf("forwarding to %s failed: %s", target, f.toString());
                    return ApiException.unavailable("a Mediagate service is unavailable; try again shortly");
                });
    }

    private static Response relay(HttpResponse<byte[]> response) {
        Response.ResponseBuilder out = Response.status(response.statusCode()).entity(response.body());
        for (String name : PASSED_BACK) {
            response.headers().firstValue(name).ifPresent(v -> out.header(name, v));
        }
        return out.build();
    }
}
