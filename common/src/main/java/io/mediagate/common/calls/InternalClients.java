package io.mediagate.common.calls;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalTokens;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The typed internal APIs (media, catalog, jobs, usage) as Quarkus REST Client interfaces, and the one way a call
 * through them ends: a 2xx answer read as its type (fields an owner one version ahead added are ignored); any
 * other as {@link OwnerFailure} reads it; no answer, a dropped connection or the call's own deadline passing is
 * 503 {@code service_unavailable}. Every call carries the token of whom it is made as ({@link CallAs}) and, through
 * Quarkus' OpenTelemetry, the caller's trace. Its answer arrives on a thread of its own, neither the client's event
 * loop nor a thread carrying the caller's Vert.x context, so a caller may block in what it does next and write to its
 * own answer from there, as with {@link InternalHttp}.
 *
 * <p>Bodies the REST Client would hold whole in memory (a file streamed from disk, a download to disk) and relays
 * the gateway passes back unread stay on {@link InternalHttp}.
 */
@ApplicationScoped
public class InternalClients {
    private static final Logger LOG = Logger.getLogger(InternalClients.class);
    private final InternalTokens tokens;
    private final ObjectMapper json;
    private final LenientReading reading;
    private final WithFileWriter withFile;
    /** Where answers are handed on: a virtual thread each, bare of any Vert.x or request context, as the JDK client's threads were. */
    private final Executor answers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("internal-answer-", 0).factory());

    public InternalClients(ObjectMapper json, InternalTokens tokens) {
        this.tokens = tokens;
        this.json = json;
        this.reading = new LenientReading(json);
        this.withFile = new WithFileWriter(json);
    }

    /** {@code api}, a REST Client interface of common, at the owner's address {@code base}; no call may take longer than {@code longest}. */
    public <T> T build(Class<T> api, String base, Duration longest) {
        return QuarkusRestClientBuilder.newBuilder().baseUri(URI.create(base))
                .connectTimeout(5, TimeUnit.SECONDS).readTimeout(longest.toMillis(), TimeUnit.MILLISECONDS)
                .register(new OwnerFailures(json, api.getSimpleName() + " at " + base)).register(reading).register(withFile).build(api);
    }

    /** The {@code Authorization} value a call made as {@code as} carries (null: none). */
    private String bearer(CallAs as) {
        return as.bearer(tokens);
    }

    /** The call {@code call} makes with {@code as}'s token, ended within {@code timeout}. */
    public <T> CompletableFuture<T> call(CallAs as, Duration timeout, Function<String, Uni<T>> call) {
        return Uni.createFrom().deferred(() -> call.apply(bearer(as)))
                .ifNoItem().after(timeout).failWith(OwnerFailure::unreachable)
                .onFailure().transform(InternalClients::failure)
                .emitOn(answers)
                .subscribeAsCompletionStage();
    }

    /**
     * The owner's failure as the client's exception mapper read it, passed on; no answer (a refused or dropped
     * connection, the deadline) as unavailable; anything else, such as an answer that does not read as its record, an
     * internal error, logged: never an exception of ours somewhere inside it passed on as if the owner had said it.
     */
    private static Throwable failure(Throwable thrown) {
        Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (cause instanceof ProcessingException && cause.getCause() instanceof ApiException api) {
            return api;
        }
        if (cause instanceof ApiException api) {
            return api;
        }
        Throwable root = cause instanceof ProcessingException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof IOException && !(root instanceof JsonProcessingException) || root instanceof TimeoutException) {
            LOG.warnf("a Mediagate service is unreachable: %s", root.toString());
            return OwnerFailure.unreachable();
        }
        LOG.errorf(thrown, "an internal call failed");
        return new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
    }
}
