package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.generation.UtilityModels;
import io.mediagate.gateway.idempotency.Fingerprint;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Utility operations on a picture, each a job like a generation ({@link Intake}: routed among the offers of a model that does
 * the operation, charged, stored, signed, with its events and webhooks), answering {@code data: [media item]}, {@code price}
 * and {@code stats}: {@code POST /v1/images/upscale} and {@code POST /v1/images/remove-background} ({@link UtilityRequests}).
 * Without a {@code model}, the operation's default ({@link UtilityModels}).
 */
@Tag(name = "Images")
@Path("/v1/images")
@Authenticated
public class ImageUtilitiesResource {
    private final Intake intake;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final InlineImages inline;
    private final UtilityModels models;

    ImageUtilitiesResource(Intake intake, SecurityIdentity identity, ObjectMapper json, InlineImages inline, UtilityModels models) {
        this.intake = intake;
        this.identity = identity;
        this.json = json;
        this.inline = inline;
        this.models = models;
    }

    @Operation(summary = "Upscale a picture (scale 2 or 4, or a size)")
    @POST
    @Path("upscale")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> upscale(String body, @Context ContainerRequestContext context) {
        return run(body, ImageSources.UPSCALE, context);
    }

    @Operation(summary = "Cut a picture's subject out of its background (a PNG with alpha)")
    @POST
    @Path("remove-background")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> removeBackground(String body, @Context ContainerRequestContext context) {
        return run(body, ImageSources.REMOVE_BACKGROUND, context);
    }

    private Uni<Response> run(String body, String operation, ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        JsonBody in = JsonBody.parse(json, body);
        GenerationRequest request = UtilityRequests.parse(json, in, operation, models.of("/v1/images/" + operation), arrival.caller(), arrival.jobId(),
                arrival.requestId(), arrival.acceptedAt());
        return intake.submit(context, arrival, () -> Fingerprint.of("POST /v1/images/" + operation).fields(in.node()).hex(),
                () -> Uni.createFrom().item(request), false, reply -> inline.answer(reply, request.responseFormat(), arrival.caller()));
    }
}
