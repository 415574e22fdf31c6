package io.mediagate.gateway.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.values.MediaKind;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.budgets.Budgeting;
import io.mediagate.gateway.jobs.SubmittedJobs;
import io.mediagate.gateway.limits.ConcurrencyLeases;
import io.mediagate.gateway.limits.LimitRefusals;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.reply.KafkaRequestReply;
import io.smallrye.reactive.messaging.kafka.reply.KafkaRequestReplyTimeoutException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Hands a validated generation to routing: takes a concurrency lease for its media kind, reserves its worst-case
 * price when the caller has a spend cap ({@link Budgeting}: 402 when a cap would be passed), then either
 * waits for routing's answer over Kafka request-reply (202 with the job once the wait limit passes), or,
 * asked to respond asynchronously, publishes it and answers 202 at once ({@link SubmittedJobs} keeps such a
 * job readable until routing has it). A lease is released by the
 * answer, or else by the job's completion event whichever replica reads it; the reservation by the completion event
 * (or, should the job never be seen to end, by its expiry). Its answers say when the model named is going or gone
 * ({@link LifecycleHeaders}). A request sent with a {@code quote_id} is held to its quote first ({@link QuoteBook}): refused when
 * the quote is not its own, live and of this request, else carried to routing with the quote's price as its cap.
 */
@ApplicationScoped
public class Submissions {
    private static final Logger LOG = Logger.getLogger(Submissions.class);
    /** Requests waiting to be handed to the Kafka producer in a burst; beyond this the caller gets 503. */
    static final int BUFFER = 16_384;
    private final KafkaRequestReply<GenerationRequest, GenerationReply> routing;
    private final MutinyEmitter<GenerationRequest> submissions;
    private final ConcurrencyLeases leases;
    private final SubmittedJobs submitted;
    private final LimitRefusals refusals;
    private final Budgeting budgeting;
    private final GenerationReplays replays;
    private final LifecycleHeaders lifecycleHeaders;
    private final QuoteBook quotes;

    Submissions(@Channel("generation-requests") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER)
                KafkaRequestReply<GenerationRequest, GenerationReply> routing,
                @Channel("generation-submissions") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER)
                MutinyEmitter<GenerationRequest> submissions, ConcurrencyLeases leases, SubmittedJobs submitted,
                LimitRefusals refusals, Budgeting budgeting, GenerationReplays replays, LifecycleHeaders lifecycleHeaders, QuoteBook quotes) {
        this.quotes = quotes;
        this.replays = replays;
        this.lifecycleHeaders = lifecycleHeaders;
        this.routing = routing;
        this.submissions = submissions;
        this.leases = leases;
        this.submitted = submitted;
        this.refusals = refusals;
        this.budgeting = budgeting;
    }

    public record JobAccepted(String id, MediaKind kind, String status, Instant createdAt) {}

    /** Submits {@code request}; {@code answer} renders routing's successful reply. */
    public Uni<Response> submit(Caller caller, GenerationRequest asked, boolean async, Function<GenerationReply, Uni<Response>> answer) {
        // The job continues the request's trace: its context is taken here, on the request's own thread.
        TracingMetadata trace = TracingMetadata.withCurrent(Context.current());
        Uni<Map<String, String>> lifecycle = lifecycleHeaders.of(asked);
        return quotes.capped(caller, asked).flatMap(request -> admit(caller, request).flatMap(admitted -> handOver(caller, request, async, answer, trace)))
                .flatMap(response -> lifecycle.map(headers -> LifecycleHeaders.onto(response, headers)));
    }

    /**
     * Submits {@code request} for an answer streamed as the job goes ({@code text/event-stream}): admitted as {@link #submit}
     * does (limits, budget), then handed to routing at once, and {@code open} given the job's outcome, which ends when the
     * job does however long it takes (past the wait limit it is followed at routing). The job runs to its end whatever
     * becomes of the stream: a client that goes away still gets its result stored, and charged once.
     */
    public Uni<Response> stream(Caller caller, GenerationRequest asked, Function<Uni<GenerationReply>, Uni<Response>> open) {
        TracingMetadata trace = TracingMetadata.withCurrent(Context.current());
        String kind = asked.kind().wire();
        String jobId = asked.jobId();
        Uni<Map<String, String>> lifecycle = lifecycleHeaders.of(asked);
        return quotes.capped(caller, asked).flatMap(request -> admit(caller, request)).flatMap(request -> {
            Uni<GenerationReply> outcome = routing.request(message(request, trace))
                    .call(reply -> leases.release(caller.accountId(), kind, jobId))
                    .map(Message::getPayload)
                    .onFailure(f -> !(f instanceof KafkaRequestReplyTimeoutException)).call(f -> leases.release(caller.accountId(), kind, jobId))
                    // still running past the wait limit: the lease stays until the job's completion event releases it
                    .onFailure(KafkaRequestReplyTimeoutException.class)
                    .recoverWithUni(() -> submitted.remember(request).replaceWith(replays.outcome(caller, jobId)))
                    .onFailure(f -> !(f instanceof ApiException)).transform(f -> {
                        LOG.errorf(f, "streamed job %s could not be followed", jobId);
                        return ApiException.unavailable("generation is unavailable; try again shortly");
                    })
                    .memoize().indefinitely();
            // handed over now, whether or not anyone reads the stream
            outcome.subscribe().with(reply -> { }, failure -> { });
            return open.apply(outcome).flatMap(response -> lifecycle.map(headers -> LifecycleHeaders.onto(response, headers)));
        });
    }

    /** Takes a concurrency lease for the request's kind, then reserves its worst-case price (402 past a cap): the request admitted. */
    private Uni<GenerationRequest> admit(Caller caller, GenerationRequest request) {
        String kind = request.kind().wire();
        String jobId = request.jobId();
        int limit = ConcurrencyLeases.limit(caller, request.kind());
        return leases.acquire(caller.accountId(), kind, jobId, limit).flatMap(held -> {
            if (!held) {
                refusals.count("concurrency_" + kind);
                throw ConcurrencyLeases.refusal(limit, request.kind());
            }
            // The budget step comes last: a job refused for concurrency reserves nothing.
            return budgeting.reserve(caller, request)
                    .onFailure().call(f -> leases.release(caller.accountId(), kind, jobId))
                    .replaceWith(request);
        });
    }

    private static Message<GenerationRequest> message(GenerationRequest request, TracingMetadata trace) {
        return Message.of(request).addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(request.jobId()).build())
                .addMetadata(trace);
    }

    private Uni<Response> handOver(Caller caller, GenerationRequest request, boolean async, Function<GenerationReply, Uni<Response>> answer,
                                   TracingMetadata trace) {
        String kind = request.kind().wire();
        String jobId = request.jobId();
        Message<GenerationRequest> message = message(request, trace);
        // A job answered with 202 is remembered first, so that reading or cancelling it at once finds it
        // even before routing has taken it from Kafka.
        Uni<Response> outcome = async
                ? submissions.sendMessage(message).call(() -> submitted.remember(request)).replaceWith(() -> accepted(request, "queued"))
                : routing.request(message)
                        .call(reply -> leases.release(caller.accountId(), kind, jobId))
                        .flatMap(reply -> reply.getPayload().success()
                                ? answer.apply(reply.getPayload())
                                : Uni.createFrom().item(ApiExceptionMapper.render(reply.getPayload().error().toException())))
                        // Still running: the lease stays until the job's completion event releases it.
                        .onFailure(KafkaRequestReplyTimeoutException.class)
                        .recoverWithUni(() -> submitted.remember(request).replaceWith(() -> accepted(request, "running")));
        return outcome
                .onFailure().call(f -> leases.release(caller.accountId(), kind, jobId))
                .onFailure(f -> !(f instanceof ApiException)).transform(f -> {
                    LOG.errorf(f, "job %s could not be handed to routing", jobId);
                    return ApiException.unavailable("generation is unavailable; try again shortly");
                });
    }

    private static Response accepted(GenerationRequest request, String status) {
        return accepted(request.jobId(), request.kind(), status, request.acceptedAt(), "queued".equals(status));
    }

    /** 202 with the job ({@code Location} names it); {@code queued} when it was asked to run asynchronously. */
    public static Response accepted(String jobId, MediaKind kind, String status, Instant createdAt, boolean async) {
        return Response.accepted(Map.of("success", true, "result", Map.of("job", new JobAccepted(jobId, kind, status, createdAt))))
                .header("Location", "/v1/jobs/" + jobId)
                .header("Preference-Applied", async ? "respond-async" : null)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .build();
    }
}
