package io.mediagate.routing.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tracing.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * JSON calls to the other Mediagate services with a signed {@code service} token. Their failure
 * envelopes come back as {@link ApiException}s; an unreachable service is 503 {@code service_unavailable}.
 */
@ApplicationScoped
public class ServiceHttp {
    private static final Logger LOG = Logger.getLogger(ServiceHttp.class);
    private static final byte[] NEWLINE = {'\n'};
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;
    private final Tracing tracing;

    ServiceHttp(ObjectMapper json, InternalTokens tokens, Tracing tracing) {
        this.json = json;
        this.tokens = tokens;
        this.tracing = tracing;
    }

    public <T> T get(String url, Class<T> type) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET(), type);
    }

    public <T> T post(String url, Object body, Class<T> type) {
        try {
            return send(HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))), type);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise request", e);
        }
    }

    /** Posts {@code command} with {@code file} after it ({@link RegisterMedia#WITH_FILE}): no file inside JSON. */
    public <T> T postWithFile(String url, Object command, byte[] file, Class<T> type) {
        try {
            byte[] head = json.writeValueAsBytes(command);
            return send(HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", RegisterMedia.WITH_FILE)
                    .POST(HttpRequest.BodyPublishers.concat(HttpRequest.BodyPublishers.ofByteArray(head),
                            HttpRequest.BodyPublishers.ofByteArray(NEWLINE), HttpRequest.BodyPublishers.ofByteArray(file))), type);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise request", e);
        }
    }

    /**
     * Downloads {@code url} into {@code target} on behalf of {@code user} (a user token, so the owning
     * service applies that user's visibility rules).
     */
    public void download(String url, String user, String tier, java.nio.file.Path target) {
        HttpResponse<java.nio.file.Path> response = asUser(url, user, tier, HttpResponse.BodyHandlers.ofFile(target));
        if (response.statusCode() / 100 != 2) {
            byte[] body;
            try {
                body = java.nio.file.Files.readAllBytes(target);
            } catch (IOException e) {
                body = new byte[0];
            }
            throw failure(body);
        }
    }

    /** As {@link #download}, into memory: for files known to be small (an edit's source images, 20 MB at most). */
    public byte[] read(String url, String user, String tier) {
        HttpResponse<byte[]> response = asUser(url, user, tier, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() / 100 != 2) {
            throw failure(response.body());
        }
        return response.body();
    }

    private <T> HttpResponse<T> asUser(String url, String user, String tier, HttpResponse.BodyHandler<T> handler) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(120))
                .header("Authorization", tokens.bearer(user, tier, Set.of(InternalToken.USER))).GET();
        tracing.inject(builder::header);
        HttpRequest request = builder.build();
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            LOG.warnf("GET %s unreachable: %s", url, e.toString());
            throw ApiException.unavailable("a Mediagate service is unavailable; try again shortly");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted");
        }
    }

    /** The owning service's error from its envelope, or a plain internal error when the body is not one. */
    private ApiException failure(byte[] body) {
        try {
            ErrorBody error = json.readValue(body, ErrorBody.class);
            if (error.code != null) {
                return error.toException();
            }
        } catch (IOException e) {
            // answered below
        }
        return new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
    }

    private <T> T send(HttpRequest.Builder builder, Class<T> type) {
        tracing.inject(builder::header);
        HttpRequest request = builder.timeout(Duration.ofSeconds(60))
                .header("Authorization", tokens.bearer("routing-service", null, Set.of(InternalToken.SERVICE)))
                .header("Accept", "application/json")
                .build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            LOG.warnf("%s %s unreachable: %s", request.method(), request.uri(), e.toString());
            throw ApiException.unavailable("a Mediagate service is unavailable; try again shortly");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted");
        }
        try {
            if (response.statusCode() / 100 == 2) {
                return json.readValue(response.body(), type);
            }
            ErrorBody error = json.readValue(response.body(), ErrorBody.class);
            if (error.code == null) {
                throw new IOException("no error code");
            }
            throw error.toException();
        } catch (IOException e) {
            LOG.errorf("%s %s answered %d with an unreadable body", request.method(), request.uri(), response.statusCode());
            throw new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
        }
    }
}
