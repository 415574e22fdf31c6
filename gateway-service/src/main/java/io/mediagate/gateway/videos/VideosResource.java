package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.GenerationResponse;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.idempotency.Fingerprint;
import io.mediagate.gateway.idempotency.Idempotency;
import io.mediagate.gateway.support.JsonBody;
import io.mediagate.gateway.webhooks.WebhookTargets;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/videos/generations}: validate, hand the job to routing and, by default, hold the request
 * until the pipeline (generation → transcoding → thumbnail → storage) ends: 200 with the video, its
 * variants, price and stats, or 202 with the job after the wait limit. {@code Prefer: respond-async}
 * answers 202 with the job at once. With an {@code Idempotency-Key} a retry gets the first request's answer.
 */
@Tag(name = "Videos")
@Path("/v1/videos/generations")
@Authenticated
public class VideosResource {
    private final Intake intake;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;
    private final WebhookTargets webhooks;

    VideosResource(Intake intake, SecurityIdentity identity, ObjectMapper json, Clock clock, WebhookTargets webhooks) {
        this.intake = intake;
        this.webhooks = webhooks;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
    }

    @Operation(summary = "Generate a video (held until the pipeline ends, or 202 with the job)")
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> generate(String body, @HeaderParam("Prefer") String prefer, @Context ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        GenerationRequest request = VideoRequestParser.parse(json, body, arrival.caller(), arrival.jobId(), arrival.requestId(),
                arrival.acceptedAt());
        boolean async = prefer != null && prefer.toLowerCase(Locale.ROOT).contains("respond-async");
        return webhooks.check(request.webhookUrl()).flatMap(checked -> intake.submit(context, arrival,
                () -> Fingerprint.of("POST /v1/videos/generations").fields(JsonBody.parse(json, body).node()).hex(),
                () -> Uni.createFrom().item(request), async, reply -> Uni.createFrom().item(GenerationResponse.ok(reply, clock))));
    }
}
