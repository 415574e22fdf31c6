package io.mediagate.gateway.images;

import io.mediagate.common.events.PartialImage;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.operators.multi.processors.UnicastProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Hands what routing sends on {@code generation.partials} to the streams this replica holds: the word that a streamed
 * job was planned (routing checked it against the catalog: the stream may open) and its partial images. Every replica
 * reads every record (a consumer group of its own, from the newest record on) and keeps those of its own streams; the
 * rest are dropped. A stream is expected before its job is handed over, so nothing is missed while it opens.
 */
@ApplicationScoped
public class PartialRelay {
    private final Map<String, Expected> streams = new ConcurrentHashMap<>();

    /** A stream waiting for its job: the word it started, and its partial images, kept until read. */
    public record Expected(CompletableFuture<Void> planned, UnicastProcessor<PartialImage> partials) {
        /** Completes once routing has planned the job (or sent a partial image of it). */
        public Uni<Void> started() {
            return Uni.createFrom().completionStage(planned);
        }

        public Multi<PartialImage> images() {
            return partials;
        }
    }

    /** Starts keeping what comes for job {@code jobId}. */
    public Expected expect(String jobId) {
        Expected expected = new Expected(new CompletableFuture<>(), UnicastProcessor.create());
        streams.put(jobId, expected);
        return expected;
    }

    /**
     * Stops keeping what comes for job {@code jobId} (its outcome is known). Its word of being planned is left as it is: an
     * outcome known first (a refusal) decides how the answer opens.
     */
    public void forget(String jobId) {
        Expected expected = streams.remove(jobId);
        if (expected != null) {
            expected.partials().onComplete();
        }
    }

    @Incoming("generation-partials")
    public void receive(PartialImage partial) {
        Expected expected = partial == null ? null : streams.get(partial.jobId());
        if (expected == null) {
            return;
        }
        expected.planned().complete(null);
        if (partial.started()) {
            return;
        }
        expected.partials().onNext(partial);
    }
}
