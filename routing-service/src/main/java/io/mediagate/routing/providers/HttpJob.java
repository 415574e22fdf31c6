package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * An asynchronous job whose calls are JSON over HTTP, declared instead of written: the call that submits it and where
 * its answer keeps the job's id, the call that looks at it and what that answer means (a pure reader of the provider's
 * wire), the call that cancels it. Each call is signed by {@code sign} when it is made (a per-call token is signed
 * afresh), and its answer read by {@code answer}: by default a 2xx is its JSON object and anything else the failure the
 * provider's {@link ErrorReader} gives it; providers that wrap every answer in an envelope of their own (Kling's
 * {@code code}, MiniMax's {@code base_resp}) say how to open it. Run by the kit's loop ({@link Upstream#run}).
 *
 * <pre>{@code
 * HttpJob.<String>of(upstream, provider, ERRORS, key::sign)
 *         .submit(() -> upstream.postJson(base + "/generations/video", body), "/id")
 *         .look(id -> upstream.request(base + "/generations/" + id).GET(), LumaWire::state)
 *         .cancel(id -> upstream.request(base + "/generations/" + id).DELETE());
 * }</pre>
 *
 * @param <R> what a finished job gives (a result URL, say)
 */
public record HttpJob<R>(Upstream upstream, ProviderSpec provider, ErrorReader errors, UnaryOperator<HttpRequest.Builder> sign,
                         Function<HttpResponse<byte[]>, JsonNode> answer, Supplier<HttpRequest.Builder> submitCall, String idAt,
                         Function<String, HttpRequest.Builder> lookCall, Function<JsonNode, Poller.Poll<R>> state,
                         Function<String, HttpRequest.Builder> cancelCall, Duration interval) implements UpstreamJob<String, R> {

    /** A job at {@code provider} whose calls {@code sign} signs and whose failures {@code errors} reads. */
    public static <R> HttpJob<R> of(Upstream upstream, ProviderSpec provider, ErrorReader errors, UnaryOperator<HttpRequest.Builder> sign) {
        return new HttpJob<>(upstream, provider, errors, sign, null, null, null, null, null, null, Duration.ZERO);
    }

    /** Submitted by {@code call}; its answer keeps the job's id at the JSON pointer {@code idAt}. */
    public HttpJob<R> submit(Supplier<HttpRequest.Builder> call, String idAt) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, call, idAt, lookCall, state, cancelCall, interval);
    }

    /** Looked at by {@code call} with the job's id; {@code state} reads the answer. */
    public HttpJob<R> look(Function<String, HttpRequest.Builder> call, Function<JsonNode, Poller.Poll<R>> state) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, idAt, call, state, cancelCall, interval);
    }

    /** Cancelled by {@code call} with the job's id (a provider without one declares none). */
    public HttpJob<R> cancel(Function<String, HttpRequest.Builder> call) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, idAt, lookCall, state, call, interval);
    }

    /** Looked at no more often than {@code floor} (Runway asks for about 5 s). */
    public HttpJob<R> atMostEvery(Duration floor) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, idAt, lookCall, state, cancelCall, floor);
    }

    /** Every answer opened by {@code reader} (an envelope of the provider's own), which throws the failure it carries. */
    public HttpJob<R> answeredBy(Function<HttpResponse<byte[]>, JsonNode> reader) {
        return new HttpJob<>(upstream, provider, errors, sign, reader, submitCall, idAt, lookCall, state, cancelCall, interval);
    }

    @Override
    public String submit() {
        JsonNode at = call(submitCall.get()).at(idAt);
        return at.isValueNode() ? at.asText() : null;
    }

    @Override
    public Poller.Poll<R> poll(String id) {
        return state.apply(call(lookCall.apply(id)));
    }

    @Override
    public Duration minimumInterval() {
        return interval;
    }

    @Override
    public void cancel(String id) {
        if (cancelCall != null) {
            upstream.send(provider, sign.apply(cancelCall.apply(id)).build());
        }
    }

    private JsonNode call(HttpRequest.Builder request) {
        HttpResponse<byte[]> response = upstream.send(provider, sign.apply(request).build());
        if (answer != null) {
            return answer.apply(response);
        }
        if (response.statusCode() / 100 != 2) {
            throw errors.read(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }
}
