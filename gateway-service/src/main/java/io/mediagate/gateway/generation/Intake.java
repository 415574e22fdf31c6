package io.mediagate.gateway.generation;

import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.idempotency.Idempotency;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one way a generation enters, whatever its endpoint (images, edits and variations, videos, OpenAI's
 * {@code /v1/videos}): it {@link #arrive arrives} (who asks, its request id, a new job id, when), then it is submitted
 * once ({@link #submit}): with an {@code Idempotency-Key} already used, the caller gets the first request's answer
 * ({@link GenerationReplays}) and nothing is submitted again.
 */
@ApplicationScoped
public class Intake {
    private final Idempotency idempotency;
    private final GenerationReplays replays;
    private final Submissions submissions;
    private final Clock clock;

    /** Who asks, the request's id (as in {@code X-Request-Id}), the job it will be, and when it was accepted. */
    public record Arrival(Caller caller, String requestId, String jobId, Instant acceptedAt) {}

    Intake(Idempotency idempotency, GenerationReplays replays, Submissions submissions, Clock clock) {
        this.idempotency = idempotency;
        this.replays = replays;
        this.submissions = submissions;
        this.clock = clock;
    }

    public Arrival arrive(ContainerRequestContext context, Caller caller) {
        return new Arrival(caller, String.valueOf(context.getProperty(RequestIdFilter.PROPERTY)), KeyHashing.newId("job_"),
                Instant.now(clock));
    }

    /**
     * Submits the request {@code request} makes (called only for a first request: an edit keeps its files there) and
     * answers as {@code answer} renders the reply; a retry with the same key gets the first job's answer the same way.
     *
     * @param fingerprint what makes two requests with one key the same request (409 when they differ)
     * @param async       whether the caller asked for the job at once rather than its result
     */
    public Uni<Response> submit(ContainerRequestContext context, Arrival arrival, Supplier<String> fingerprint,
                                Supplier<Uni<GenerationRequest>> request, boolean async, Function<GenerationReply, Uni<Response>> answer) {
        return once(context, arrival, fingerprint,
                () -> request.get().flatMap(r -> submissions.submit(arrival.caller(), r, async, answer)),
                first -> replays.replay(arrival.caller(), first, async, answer));
    }

    /**
     * As {@link #submit}, for an answer streamed as the job goes: {@code open} renders the job's outcome (which ends when the
     * job does) as the stream; a retry with the same key gets the first job's outcome streamed the same way.
     */
    public Uni<Response> stream(ContainerRequestContext context, Arrival arrival, Supplier<String> fingerprint,
                                Supplier<Uni<GenerationRequest>> request, Function<Uni<GenerationReply>, Uni<Response>> open) {
        return once(context, arrival, fingerprint,
                () -> request.get().flatMap(r -> submissions.stream(arrival.caller(), r, open)),
                first -> open.apply(replays.outcome(arrival.caller(), first)));
    }

    /** As {@link #submit}, with an endpoint's own first answer and replay (OpenAI's video object). */
    public Uni<Response> once(ContainerRequestContext context, Arrival arrival, Supplier<String> fingerprint,
                              Supplier<Uni<Response>> fresh, Function<String, Uni<Response>> replay) {
        return idempotency.once(context, arrival.caller(), fingerprint, arrival.jobId(), fresh, replay);
    }
}
