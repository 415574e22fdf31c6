package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.GenerationResponse;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.generation.UtilityModels;
import io.mediagate.gateway.idempotency.Fingerprint;
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
 * Utility operations on a video, each a video job like a generation (held until the pipeline ends, or 202 with the job;
 * {@code Prefer: respond-async} at once): {@code POST /v1/videos/upscale} ({@code video_url}, {@code resolution}) and
 * {@code POST /v1/videos/extend} ({@code video_url}, {@code prompt}, {@code duration}: the seconds to add). The source is a URL
 * or one of the caller's media ids; without a {@code model}, the operation's default ({@code mediagate.utilities.video-<operation>.model}).
 */
@Tag(name = "Videos")
@Path("/v1/videos")
@Authenticated
public class VideoUtilitiesResource {
    private final Intake intake;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;
    private final WebhookTargets webhooks;
    private final UtilityModels models;

    VideoUtilitiesResource(Intake intake, SecurityIdentity identity, ObjectMapper json, Clock clock, WebhookTargets webhooks,
                           UtilityModels models) {
        this.intake = intake;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
        this.webhooks = webhooks;
        this.models = models;
    }

    @Operation(summary = "Upscale a video to a resolution (held until the pipeline ends, or 202 with the job)")
    @POST
    @Path("upscale")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> upscale(String body, @HeaderParam("Prefer") String prefer, @Context ContainerRequestContext context) {
        return run(body, "upscale", prefer, context);
    }

    @Operation(summary = "Extend a video by some seconds (held until the pipeline ends, or 202 with the job)")
    @POST
    @Path("extend")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> extend(String body, @HeaderParam("Prefer") String prefer, @Context ContainerRequestContext context) {
        return run(body, "extend", prefer, context);
    }

    private Uni<Response> run(String body, String operation, String prefer, ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        JsonBody in = JsonBody.parse(json, body);
        GenerationRequest request = VideoUtilityRequests.parse(json, in, operation, models.of("/v1/videos/" + operation), arrival.caller(), arrival.jobId(),
                arrival.requestId(), arrival.acceptedAt());
        boolean async = prefer != null && prefer.toLowerCase(Locale.ROOT).contains("respond-async");
        return webhooks.check(request.webhookUrl()).flatMap(checked -> intake.submit(context, arrival,
                () -> Fingerprint.of("POST /v1/videos/" + operation).fields(in.node()).hex(),
                () -> Uni.createFrom().item(request), async, reply -> Uni.createFrom().item(GenerationResponse.ok(reply, clock))));
    }
}
