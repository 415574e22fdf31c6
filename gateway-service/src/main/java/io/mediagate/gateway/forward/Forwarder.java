package io.mediagate.gateway.forward;

import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
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
    /** What a streamed answer adds: its length (the body is not counted here) and the name to save it under. */
    private static final List<String> STREAM_HEADERS = List.of("Content-Length", "Content-Disposition");
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
        return forward(method, target, caller, requestId, headers, json == null ? null : HttpRequest.BodyPublishers.ofString(json),
                json == null ? null : "application/json", TIMEOUT);
    }

    /** As {@link #forward(String, Caller, String, Map)} with any method, a body of any type (a file) and its own deadline. */
    public Uni<Response> forward(String method, String target, Caller caller, String requestId, Map<String, String> headers,
                                 HttpRequest.BodyPublisher body, String contentType, Duration timeout) {
        Call call = new Call(method, URI.create(target), caller == null ? CallAs.nobody() : caller.as(), timeout, body, contentType);
        return Uni.createFrom().completionStage(() -> http.relay(call, withId(headers, requestId)))
                .map(response -> relay(response, response.body()));
    }

    /**
     * The public request itself relayed to {@code base} (an owner's address): its method, raw path and query, as
     * {@code caller}, with {@code json} as its body when not null; the request's id travels with it.
     */
    public Uni<Response> relay(String method, String base, UriInfo uri, ContainerRequestContext ctx, Caller caller, String json) {
        String query = uri.getRequestUri().getRawQuery();
        String target = base + uri.getRequestUri().getRawPath() + (query == null ? "" : "?" + query);
        return forward(method, target, caller, requestId(ctx), Map.of(), json);
    }

    /** The id {@link RequestIdFilter} gave the request. */
    public static String requestId(ContainerRequestContext ctx) {
        return String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY));
    }

    /**
     * A {@code GET} whose answer is passed back as it arrives, never held whole (a file of up to hundreds of megabytes),
     * with its {@code Content-Length} and {@code Content-Disposition}. The owner's deadline is the time to its first byte.
     * Blocking, from a worker thread: the body is copied out on the thread that returns the answer.
     */
    public Response stream(String target, Caller caller, String requestId, Map<String, String> headers) {
        Call call = new Call("GET", URI.create(target), caller == null ? CallAs.nobody() : caller.as(), TIMEOUT, null, null);
        HttpResponse<InputStream> response = InternalHttp.await(http.relayStreamed(call, withId(headers, requestId)));
        Response.ResponseBuilder out = relayed(response, response.body());
        for (String name : STREAM_HEADERS) {
            response.headers().firstValue(name).ifPresent(v -> out.header(name, v));
        }
        return out.build();
    }

    private static Map<String, String> withId(Map<String, String> headers, String requestId) {
        Map<String, String> sent = new HashMap<>(headers);
        sent.put(RequestIdFilter.HEADER, requestId);
        return sent;
    }

    private static Response relay(HttpResponse<?> response, Object body) {
        return relayed(response, body).build();
    }

    private static Response.ResponseBuilder relayed(HttpResponse<?> response, Object body) {
        Response.ResponseBuilder out = Response.status(response.statusCode()).entity(body);
        for (String name : PASSED_BACK) {
            response.headers().firstValue(name).ifPresent(v -> out.header(name, v));
        }
        return out;
    }
}
