package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

/**
 * A generation client as the SDKs are: every request carries an {@code Idempotency-Key}, and a connection error or a
 * 5xx answer is sent again with the same key (after half a second) until an answer comes or {@code giveUpAfter} passes.
 */
final class RetryingClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String key;
    private final Duration giveUpAfter;

    RetryingClient(String base, String key, Duration giveUpAfter) {
        this.base = base;
        this.key = key;
        this.giveUpAfter = giveUpAfter;
    }

    /** The answer to one request; {@code tries} counts the sends it took. */
    record Answer(int status, JsonNode body, int tries) {}

    /** Posts {@code json} to {@code path} with {@code idempotencyKey}, asynchronously when {@code async}. */
    Answer post(String path, String json, String idempotencyKey, boolean async) throws InterruptedException {
        Instant giveUp = Instant.now().plus(giveUpAfter);
        String last = "nothing";
        for (int tries = 1; Instant.now().isBefore(giveUp); tries++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(3))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .header("Idempotency-Key", idempotencyKey).POST(HttpRequest.BodyPublishers.ofString(json));
            if (async) {
                request.header("Prefer", "respond-async");
            }
            try {
                HttpResponse<byte[]> r = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() < 500) {
                    return new Answer(r.statusCode(), JSON.readTree(r.body()), tries);
                }
                last = r.statusCode() + " " + new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("no answer to " + idempotencyKey + " in " + giveUpAfter + "; last: " + last);
    }

    /** GET {@code path} once; the status and body. */
    Answer get(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(r.statusCode(), r.body().length == 0 ? JSON.nullNode() : JSON.readTree(r.body()), 1);
    }

    /** How many bytes a GET of {@code url} (a file URL) served, or minus its status when that was not 200. */
    long fileBytes(String url) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofByteArray());
        return r.statusCode() == 200 ? r.body().length : -r.statusCode();
    }
}
