package io.mediagate.gateway.forward;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** JSON reads from an owning service as the caller, for answers the gateway assembles itself. */
@ApplicationScoped
public class OwnerClient {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;

    OwnerClient(ObjectMapper json, InternalTokens tokens) {
        this.json = json;
        this.tokens = tokens;
    }

    public Uni<JsonNode> get(String url, Caller caller) {
        return send("GET", url, caller);
    }

    /** A body-less call ({@code GET}, {@code DELETE}) as the caller; the owner's JSON answer, or its error. */
    public Uni<JsonNode> send(String method, String url, Caller caller) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .header("Authorization", tokens.bearer(caller.accountId(), caller.tier(), caller.groups()))
                .header("Accept", "application/json").method(method, HttpRequest.BodyPublishers.noBody()).build();
        return Uni.createFrom().completionStage(() -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .map(this::read)
                .onFailure(f -> !(f instanceof ApiException)).transform(f ->
                        ApiException.unavailable("a Mediagate service is unavailable; try again shortly"));
    }

    /** A file's bytes from an owning service, read as the caller (an internal content endpoint). */
    public Uni<byte[]> bytes(String url, Caller caller) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("Authorization", tokens.bearer(caller.accountId(), caller.tier(), caller.groups())).GET().build();
        return Uni.createFrom().completionStage(() -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .map(response -> {
                    if (response.statusCode() / 100 == 2) {
                        return response.body();
                    }
                    throw failure(response);
                })
                .onFailure(f -> !(f instanceof ApiException)).transform(f ->
                        ApiException.unavailable("a Mediagate service is unavailable; try again shortly"));
    }

    private JsonNode read(HttpResponse<byte[]> response) {
        if (response.statusCode() / 100 != 2) {
            throw failure(response);
        }
        try {
            return json.readTree(response.body());
        } catch (IOException e) {
            throw ApiException.unavailable("a Mediagate service answered unreadably");
        }
    }

    /** The owner's error, from its envelope. */
    private ApiException failure(HttpResponse<byte[]> response) {
        try {
            return json.readValue(response.body(), ErrorBody.class).toException();
        } catch (IOException e) {
            return ApiException.unavailable("a Mediagate service answered unreadably");
        }
    }
}
