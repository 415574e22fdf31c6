package io.mediagate.pipeline.storage;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.pipeline.worker.Step;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** media-service's {@code POST /internal/v1/media/register}, called with a signed service token. */
@ApplicationScoped
public class MediaRegistry {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;
    private final Tracing tracing;
    private final String base;

    MediaRegistry(ObjectMapper json, InternalTokens tokens, Tracing tracing, @ConfigProperty(name = "mediagate.media.url") String base) {
        this.json = json;
        this.tokens = tokens;
        this.tracing = tracing;
        this.base = base;
    }

    /**
     * Registers the video. media-service unreachable, dropping the connection, timing out or answering 502, 503 or
     * 504 is an outage ({@link io.mediagate.common.api.DependencyFailures}: waited out); a 4xx refusal is
     * {@link Step.Permanent}; another 5xx is an IOException (tried again a few times).
     */
    public MediaItem register(RegisterMedia command) throws IOException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + "/internal/v1/media/register"))
                .timeout(Duration.ofMinutes(2))
                .header("Authorization", tokens.bearer("video-pipeline-service", null, Set.of(InternalToken.SERVICE)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(command)));
        tracing.inject(builder::header); // media-service's work shows in the job's trace
        HttpRequest request = builder.build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (response.statusCode() / 100 == 2) {
            return json.readValue(response.body(), MediaItem.class);
        }
        if (response.statusCode() / 100 == 4) {
            ErrorBody error = json.readValue(response.body(), ErrorBody.class);
            throw new Step.Permanent("media-service refused the video: " + error.message);
        }
        if (response.statusCode() >= 502 && response.statusCode() <= 504) {
            throw ApiException.unavailable("media-service answered " + response.statusCode());
        }
        throw new IOException("media-service answered " + response.statusCode());
    }
}
