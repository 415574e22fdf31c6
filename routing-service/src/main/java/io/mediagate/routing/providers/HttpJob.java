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
 * An asynchronous job whose calls are JSON over HTTP, declared instead of written: the call that submits it and the
 * job's handle in its answer (its id, {@link #id}, or the URLs it answered, {@link JobUrls}), the call that looks at it and what that answer means (a pure reader of the provider's
 * wire), the call that cancels it. Each call is signed by {@code sign} when it is made (a per-call token is signed
 * afresh), and its answer read by {@code answer}: by default a 2xx is its JSON object and anything else the failure the
 * provider's {@link ErrorReader} gives it; providers that wrap every answer in an envelope of their own (Kling's
 * {@code code}, MiniMax's {@code base_resp}) say how to open it. Run by the kit's loop ({@link Upstream#run}).
 *
 * <pre>{@code
 * HttpJob.<String, String>of(upstream, provider, ERRORS, key::sign)
 *         .submit(() -> upstream.postJson(base + "/generations/video", body), HttpJob.id("/id"))
 *         .look(id -> upstream.request(base + "/generations/" + id).GET(), LumaWire::state)
 *         .cancel(id -> upstream.request(base + "/generations/" + id).DELETE());
 * }</pre>
 *
 * @param <H> the job's handle: its id ({@code String}) or the URLs the provider answered ({@link JobUrls})
 * @param <R> what a finished job gives (a result URL, say)
 */
public record HttpJob<H, R>(Upstream upstream, ProviderSpec provider, ErrorReader errors, UnaryOperator<HttpRequest.Builder> sign,
                            Function<HttpResponse<byte[]>, JsonNode> answer, Supplier<HttpRequest.Builder> submitCall,
                            Function<JsonNode, H> handle, Function<H, HttpRequest.Builder> lookCall, Function<JsonNode, Poller.Poll<R>> state,
                            Function<H, HttpRequest.Builder> cancelCall, Duration interval) implements UpstreamJob<H, R> {

    /** A job at {@code provider} whose calls {@code sign} signs and whose failures {@code errors} reads. */
    public static <H, R> HttpJob<H, R> of(Upstream upstream, ProviderSpec provider, ErrorReader errors,
                                         UnaryOperator<HttpRequest.Builder> sign) {
        return new HttpJob<>(upstream, provider, errors, sign, null, null, null, null, null, null, Duration.ZERO);
    }

    /** The handle of a job whose id the submit answer keeps at the JSON pointer {@code pointer} (null when it is not a value). */
    public static Function<JsonNode, String> id(String pointer) {
        return answer -> {
            JsonNode at = answer.at(pointer);
            return at.isValueNode() ? at.asText() : null;
        };
    }

    /** Submitted by {@code call}; {@code handle} reads the job's handle from its answer. */
    public HttpJob<H, R> submit(Supplier<HttpRequest.Builder> call, Function<JsonNode, H> handle) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, call, handle, lookCall, state, cancelCall, interval);
    }

    /** Looked at by {@code call} with the job's handle; {@code state} reads the answer. */
    public HttpJob<H, R> look(Function<H, HttpRequest.Builder> call, Function<JsonNode, Poller.Poll<R>> state) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, handle, call, state, cancelCall, interval);
    }

    /** Cancelled by {@code call} with the job's handle (null from it: nothing to call); a provider without a cancel declares none. */
    public HttpJob<H, R> cancel(Function<H, HttpRequest.Builder> call) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, handle, lookCall, state, call, interval);
    }

    /** Looked at no more often than {@code floor} (Runway asks for about 5 s). */
    public HttpJob<H, R> atMostEvery(Duration floor) {
        return new HttpJob<>(upstream, provider, errors, sign, answer, submitCall, handle, lookCall, state, cancelCall, floor);
    }

    /** Every answer opened by {@code reader} (an envelope of the provider's own), which throws the failure it carries. */
    public HttpJob<H, R> answeredBy(Function<HttpResponse<byte[]>, JsonNode> reader) {
        return new HttpJob<>(upstream, provider, errors, sign, reader, submitCall, handle, lookCall, state, cancelCall, interval);
    }

    @Override
    public H submit() {
        return handle.apply(call(submitCall.get()));
    }

    @Override
    public Poller.Poll<R> poll(H handle) {
        return state.apply(call(lookCall.apply(handle)));
    }

    @Override
    public Duration minimumInterval() {
        return interval;
    }

    @Override
    public void cancel(H handle) {
        HttpRequest.Builder request = cancelCall == null ? null : cancelCall.apply(handle);
        if (request != null) {
            upstream.send(provider, sign.apply(request).build());
        }
    }

    private JsonNode call(HttpRequest.Builder request) {
        HttpResponse<byte[]> response = upstream.send(provider, sign.apply(request).build());
        return answer != null ? answer.apply(response) : errors.answer(upstream, provider, response);
    }
}
