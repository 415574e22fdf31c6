package io.mediagate.gateway.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.limits.ConcurrencyLeases;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.reply.KafkaRequestReply;
import io.smallrye.reactive.messaging.kafka.reply.KafkaRequestReplyTimeoutException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * {@code POST /v1/images/generations}: validate, hand the job to routing over Kafka request-reply and
 * answer with the media, price and stats (OpenAI clients read {@code created} and {@code data[].url}).
 * If routing has not answered within the wait limit the caller gets 202 and the job to poll.
 */
@Path("/v1/images/generations")
@Authenticated
public class ImagesResource {
    private static final Logger LOG = Logger.getLogger(ImagesResource.class);
    private static final String KIND = "image";
    private static final int CONCURRENCY_RETRY_SECONDS = 5;
    private final KafkaRequestReply<GenerationRequest, GenerationReply> routing;
    private final ConcurrencyLeases leases;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;

    ImagesResource(@Channel("generation-requests") KafkaRequestReply<GenerationRequest, GenerationReply> routing,
                   ConcurrencyLeases leases, SecurityIdentity identity, ObjectMapper json, Clock clock) {
        this.routing = routing;
        this.leases = leases;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ImagesResponse(boolean success, long created, List<MediaItem> data, BigDecimal price, Stats stats) {}

    public record JobAccepted(String id, String kind, String status, Instant createdAt) {}

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> generate(String body, @Context ContainerRequestContext context) {
        Instant accepted = Instant.now(clock);
        String jobId = KeyHashing.newId("job_");
        String requestId = String.valueOf(context.getProperty(RequestIdFilter.PROPERTY));
        Caller caller = Caller.of(identity);
        GenerationRequest request = ImageRequestParser.parse(json, body, caller, jobId, requestId, accepted);
        Message<GenerationRequest> message = Message.of(request)
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(jobId).build());
        int limit = caller.limits().concurrentImages();
        return leases.acquire(caller.accountId(), KIND, jobId, limit).flatMap(held -> {
            if (!held) {
                throw new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "at most " + limit
                        + " image generations may run at once for this account; retry when one finishes", null,
                        Map.of("retry_after", CONCURRENCY_RETRY_SECONDS, "limit", "concurrency_image"));
            }
            return routing.request(message)
                    .call(reply -> leases.release(caller.accountId(), KIND, jobId))
                    .map(reply -> answer(reply.getPayload()))
                    // Still running: the lease stays until the job's completion event releases it.
                    .onFailure(KafkaRequestReplyTimeoutException.class).recoverWithItem(() -> stillRunning(jobId, accepted))
                    .onFailure().call(f -> leases.release(caller.accountId(), KIND, jobId))
                    .onFailure(f -> !(f instanceof ApiException)).transform(f -> {
                        LOG.errorf(f, "job %s could not be handed to routing", jobId);
                        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "generation is unavailable; try again shortly");
                    });
        });
    }

    private Response answer(GenerationReply reply) {
        if (!reply.success()) {
            return ApiExceptionMapper.render(reply.error().toException());
        }
        return Response.ok(new ImagesResponse(true, clock.instant().getEpochSecond(), reply.data(), reply.price(),
                reply.stats())).type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    private Response stillRunning(String jobId, Instant accepted) {
        return Response.accepted(Map.of("success", true, "result", Map.of("job",
                        new JobAccepted(jobId, "image", "running", accepted))))
                .header("Location", "/v1/jobs/" + jobId)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .build();
    }
}
