package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.idempotency.Fingerprint;
import io.mediagate.gateway.idempotency.Idempotency;
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
import java.util.function.Supplier;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/images/generations}: validate, hand the job to routing ({@link Submissions}) and answer
 * with the media, price and stats ({@link Intake}) (OpenAI clients read {@code created} and {@code data[].url}, or with
 * {@code response_format: b64_json} {@code data[].b64_json}), or with {@code stream: true} as OpenAI's event stream
 * ({@link ImageStreaming}). With an {@code Idempotency-Key} a retry gets the first request's answer ({@link Idempotency}).
 */
@Tag(name = "Images")
@Path("/v1/images/generations")
@Authenticated
public class ImagesResource {
    private final Intake intake;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final InlineImages inline;
    private final ImageStreaming streaming;

    ImagesResource(Intake intake, SecurityIdentity identity, ObjectMapper json, InlineImages inline, ImageStreaming streaming) {
        this.streaming = streaming;
        this.intake = intake;
        this.identity = identity;
        this.json = json;
        this.inline = inline;
    }

    @Operation(summary = "Generate images (OpenAI-compatible)")
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
    public Uni<Response> generate(String body, @Context ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        JsonBody in = JsonBody.parse(json, body);
        ImageStreaming.Ask stream = ImageStreaming.requested(in, false);
        GenerationRequest request = ImageRequests.parse(json, in, arrival.caller(), arrival.jobId(), arrival.requestId(),
                arrival.acceptedAt(), null, stream.stream() ? stream.partialImages() : -1);
        Supplier<String> fingerprint = () -> Fingerprint.of("POST /v1/images/generations").fields(in.node()).hex();
        if (stream.stream()) {
            return intake.stream(context, arrival, fingerprint, () -> Uni.createFrom().item(request),
                    outcome -> streaming.open(request, outcome, "image_generation", arrival.caller(), arrival.requestId()));
        }
        return intake.submit(context, arrival, fingerprint, () -> Uni.createFrom().item(request), false,
                reply -> inline.answer(reply, request.responseFormat(), arrival.caller()));
    }
}
