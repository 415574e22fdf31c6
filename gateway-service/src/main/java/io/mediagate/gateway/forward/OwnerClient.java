package io.mediagate.gateway.forward;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;

/**
 * Calls to an owning service for answers the gateway assembles itself: JSON reads and deletes as the caller,
 * a file's bytes as the caller, and keeping a file the caller sent ({@link #register}, as the gateway). Every
 * call answers the owner's JSON (or bytes), its error from the envelope, or 503 when it cannot be reached.
 */
@ApplicationScoped
public class OwnerClient {
    private static final byte[] NEWLINE = {'\n'};
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;
    private final Tracing tracing;

    OwnerClient(ObjectMapper json, InternalTokens tokens, Tracing tracing) {
        this.json = json;
        this.tokens = tokens;
        this.tracing = tracing;
    }

    public Uni<JsonNode> get(String url, Caller caller) {
        return send("GET", url, caller);
    }

    /** A body-less call ({@code GET}, {@code DELETE}) as the caller. */
    public Uni<JsonNode> send(String method, String url, Caller caller) {
        return call(asCaller(url, caller, Duration.ofSeconds(10)).header("Accept", "application/json")
                .method(method, HttpRequest.BodyPublishers.noBody()).build()).map(this::tree);
    }

    /** A file's bytes from an owning service, read as the caller (an internal content endpoint). */
    public Uni<byte[]> bytes(String url, Caller caller) {
        return call(asCaller(url, caller, Duration.ofSeconds(60)).GET().build());
    }

    /**
     * media-service's registration with the file after it ({@link RegisterMedia#WITH_FILE}), called as the
     * gateway: how a file the caller sent becomes one of their items.
     */
    public Uni<JsonNode> register(String mediaBase, RegisterMedia command, HttpRequest.BodyPublisher file) {
        byte[] head;
        try {
            head = json.writeValueAsBytes(command);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(new IllegalStateException("cannot serialise a registration", e));
        }
        return call(traced(HttpRequest.newBuilder(URI.create(mediaBase + "/internal/v1/media/register")))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", tokens.bearer("gateway-service", null, Set.of(InternalToken.SERVICE)))
                .header("Content-Type", RegisterMedia.WITH_FILE).header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.concat(HttpRequest.BodyPublishers.ofByteArray(head),
                        HttpRequest.BodyPublishers.ofByteArray(NEWLINE), file)).build()).map(this::tree);
    }

    private HttpRequest.Builder asCaller(String url, Caller caller, Duration timeout) {
        return traced(HttpRequest.newBuilder(URI.create(url))).timeout(timeout)
                .header("Authorization", tokens.bearer(caller.accountId(), caller.tier(), caller.groups()));
    }

    /** With the current trace context, so that the owner's work shows in the caller's trace. */
    private HttpRequest.Builder traced(HttpRequest.Builder request) {
        tracing.inject(request::header);
        return request;
    }

    /** The body of a 2xx answer; otherwise the owner's error, or 503 when it cannot be reached or read. */
    private Uni<byte[]> call(HttpRequest request) {
        return Uni.createFrom().completionStage(() -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .map(response -> {
                    if (response.statusCode() / 100 != 2) {
                        throw failure(response);
                    }
                    return response.body();
                })
                .onFailure(f -> !(f instanceof ApiException)).transform(f ->
                        ApiException.unavailable("a Mediagate service is unavailable; try again shortly"));
    }

    private JsonNode tree(byte[] body) {
        try {
            return json.readTree(body);
        } catch (IOException e) {
            throw ApiException.unavailable("a Mediagate service answered unreadably");
        }
    }

    /** The owner's error, from its envelope. */
    private ApiException failure(HttpResponse<byte[]> response) {
        try {
            ErrorBody error = json.readValue(response.body(), ErrorBody.class);
            if (error.code != null) {
                return error.toException();
            }
        } catch (IOException e) {
            // answered below
        }
        return ApiException.unavailable("a Mediagate service answered unreadably");
    }
}
