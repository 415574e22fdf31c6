package io.mediagate.common.calls;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalTokens;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The typed internal APIs (media, catalog, jobs, usage) as Quarkus REST Client interfaces, and the one way a call
 * through them ends: a 2xx answer read as its type (fields an owner one version ahead added are ignored); any
 * other as {@link OwnerFailure} reads it; no answer, a dropped connection or the call's own deadline passing is
 * 503 {@code service_unavailable}. Every call carries the token of whom it is made as ({@link CallAs}) and, through
 * Quarkus' OpenTelemetry, the caller's trace. Its answer arrives on a worker thread, not on the client's event
 * loop, so a caller may block in what it does next, as with {@link InternalHttp}.
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
    public String bearer(CallAs as) {
        return as.bearer(tokens);
    }

    /** The call {@code call} makes with {@code as}'s token, ended within {@code timeout}. */
    public <T> CompletableFuture<T> call(CallAs as, Duration timeout, Function<String, Uni<T>> call) {
        return Uni.createFrom().deferred(() -> call.apply(bearer(as)))
                .ifNoItem().after(timeout).failWith(OwnerFailure::unreachable)
                .onFailure().transform(InternalClients::failure)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .subscribeAsCompletionStage();
    }

    private static Throwable failure(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException api) {
                return api;
            }
        }
        if (thrown instanceof ProcessingException || thrown instanceof java.io.IOException
                || thrown instanceof java.util.concurrent.TimeoutException) {
            LOG.warnf("a Mediagate service is unreachable: %s", thrown.toString());
            return OwnerFailure.unreachable();
        }
        LOG.errorf(thrown, "an internal call failed");
        return new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
    }
}
