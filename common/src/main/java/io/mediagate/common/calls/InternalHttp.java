package io.mediagate.common.calls;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.tracing.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.jboss.logging.Logger;

/**
 * How a Mediagate service makes the calls to another that the typed REST Clients ({@link InternalClients}) would
 * hold whole in memory: a file streamed from disk after its command, an answer written to disk, and a read the
 * gateway relays unread ({@link #relay}). Each carries a signed internal token ({@link CallAs}), the current trace
 * context (the owner's work shows in the caller's trace), a timeout per call, and one reading of the answer.
 * A 2xx answer is read as the asked type; any other as {@link OwnerFailure} reads it;
 * no answer, a dropped connection or a timeout is 503 {@code service_unavailable} (which consumers wait out, see
 * {@link io.mediagate.common.api.DependencyFailures}).
 * Every call is asynchronous; a blocking caller waits with {@link #await}.
 */
@ApplicationScoped
public class InternalHttp {
    private static final Logger LOG = Logger.getLogger(InternalHttp.class);
    private static final byte[] NEWLINE = {'\n'};
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;
    private final Tracing tracing;

    public InternalHttp(ObjectMapper json, InternalTokens tokens, Tracing tracing) {
        this.json = json;
        this.tokens = tokens;
        this.tracing = tracing;
    }

    /** The 2xx answer of {@code call} read as {@code type}. */
    public <T> CompletableFuture<T> json(Call call, Class<T> type) {
        return exchange(call, "application/json", HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            byte[] body = answered(call, response.statusCode(), response.body());
            try {
                // An owner deployed ahead of this service may answer fields it does not know yet.
                return json.readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(body);
            } catch (IOException e) {
                LOG.errorf("%s %s answered %d with a body that is not %s", call.method(), call.uri(), response.statusCode(), type);
                throw new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
            }
        });
    }

    /** The bytes of {@code call}'s 2xx answer (a file). */
    public CompletableFuture<byte[]> bytes(Call call) {
        return exchange(call, "*/*", HttpResponse.BodyHandlers.ofByteArray())
                .thenApply(response -> answered(call, response.statusCode(), response.body()));
    }

    /** {@code call}'s 2xx answer written to {@code target} (a file too large for memory). */
    public CompletableFuture<Path> file(Call call, Path target) {
        return exchange(call, "*/*", HttpResponse.BodyHandlers.ofFile(target)).thenApply(response -> {
            if (response.statusCode() / 100 != 2) {
                byte[] body;
                try {
                    body = Files.readAllBytes(target);
                } catch (IOException e) {
                    body = new byte[0];
                }
                throw failure(call, response.statusCode(), body);
            }
            return target;
        });
    }

    /** {@code command} as a JSON line with {@code file} after it: a file and what it is, in one body, no file inside JSON. */
    public HttpRequest.BodyPublisher withFile(Object command, HttpRequest.BodyPublisher file) {
        return HttpRequest.BodyPublishers.concat(HttpRequest.BodyPublishers.ofByteArray(write(command)),
                HttpRequest.BodyPublishers.ofByteArray(NEWLINE), file);
    }

    /**
     * Waits for {@code answer} on this thread: its value, or its failure as thrown ({@link ApiException} for
     * everything this class answers).
     */
    public static <T> T await(CompletableFuture<T> answer) {
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer.cancel(true);
            throw ApiException.unavailable("interrupted while waiting for a Mediagate service");
        } catch (ExecutionException e) {
            throw unwrapped(e.getCause());
        }
    }

    /** The failure a stage completed with, unwrapped from the {@link CompletionException} a dependent stage sees. */
    public static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private static RuntimeException unwrapped(Throwable failure) {
        Throwable cause = cause(failure);
        return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    }

    /**
     * {@code call} as the owner answered it, whatever its status, with {@code headers} added (a caller's
     * {@code Range}, the request id): for a read the gateway passes back unchanged. No answer at all is 503 as for
     * every other call.
     */
    public CompletableFuture<HttpResponse<byte[]>> relay(Call call, Map<String, String> headers) {
        return exchange(call, null, headers, HttpResponse.BodyHandlers.ofByteArray());
    }

    /**
     * As {@link #relay}, the answer's body left unread for the caller to pass on as it arrives (a file of any size);
     * the caller closes it.
     */
    public CompletableFuture<HttpResponse<InputStream>> relayStreamed(Call call, Map<String, String> headers) {
        return exchange(call, null, headers, HttpResponse.BodyHandlers.ofInputStream());
    }

    private <B> CompletableFuture<HttpResponse<B>> exchange(Call call, String accept, HttpResponse.BodyHandler<B> handler) {
        return exchange(call, accept, Map.of(), handler);
    }

    private <B> CompletableFuture<HttpResponse<B>> exchange(Call call, String accept, Map<String, String> headers,
                                                            HttpResponse.BodyHandler<B> handler) {
        HttpRequest.Builder request = HttpRequest.newBuilder(call.uri()).timeout(call.timeout())
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody() : call.body());
        String bearer = call.as().bearer(tokens);
        if (bearer != null) {
            request.header("Authorization", bearer);
        }
        if (accept != null) {
            request.header("Accept", accept);
        }
        if (call.contentType() != null) {
            request.header("Content-Type", call.contentType());
        }
        headers.forEach(request::header);
        tracing.inject(request::header);
        CompletableFuture<HttpResponse<B>> sent;
        try {
            sent = http.sendAsync(request.build(), handler);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return sent.exceptionallyCompose(failure -> {
            Throwable cause = cause(failure);
            if (cause instanceof ApiException || cause instanceof CancellationException) {
                return CompletableFuture.failedFuture(cause);
            }
            LOG.warnf("%s %s unreachable: %s", call.method(), call.uri(), cause.toString());
            return CompletableFuture.failedFuture(OwnerFailure.unreachable());
        });
    }

    private byte[] answered(Call call, int status, byte[] body) {
        if (status / 100 != 2) {
            throw failure(call, status, body);
        }
        return body;
    }

    private ApiException failure(Call call, int status, byte[] body) {
        return OwnerFailure.of(json, call.method() + " " + call.uri(), status, body);
    }

    private byte[] write(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }
}
