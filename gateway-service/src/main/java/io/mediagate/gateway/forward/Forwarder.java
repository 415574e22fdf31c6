package io.mediagate.gateway.forward;

import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Relays a read to the service that owns the data, as the authenticated caller (a short-lived internal
 * JWT, never the caller's key), and passes the owner's answer back unchanged: the same layer as every other
 * internal call ({@link InternalHttp#relay}), without reading the answer.
 */
@ApplicationScoped
public class Forwarder {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> PASSED_BACK = List.of("Content-Type", "ETag", "Cache-Control", "Content-Range",
            "Accept-Ranges", "Last-Modified", "Location", "Content-Security-Policy", "X-Content-Type-Options");
    private final InternalHttp http;

    Forwarder(InternalHttp http) {
        this.http = http;
    }

    /** {@code target} is the owner's base URL plus the raw path and query of the original request. */
    public Uni<Response> forward(String target, Caller caller, String requestId, Map<String, String> headers) {
        return forward("GET", target, caller, requestId, headers, null);
    }

    /** As {@link #forward(String, Caller, String, Map)} with any method and, when not null, a JSON body. */
    public Uni<Response> forward(String method, String target, Caller caller, String requestId, Map<String, String> headers,
                                 String json) {
        Call call = new Call(method, URI.create(target), caller == null ? CallAs.nobody() : caller.as(), TIMEOUT,
                json == null ? null : HttpRequest.BodyPublishers.ofString(json), json == null ? null : "application/json");
        Map<String, String> sent = new HashMap<>(headers);
        sent.put(RequestIdFilter.HEADER, requestId);
        return Uni.createFrom().completionStage(() -> http.relay(call, sent)).map(Forwarder::relay);
    }

    private static Response relay(HttpResponse<byte[]> response) {
        Response.ResponseBuilder out = Response.status(response.statusCode()).entity(response.body());
        for (String name : PASSED_BACK) {
            response.headers().firstValue(name).ifPresent(v -> out.header(name, v));
        }
        return out.build();
    }
}
