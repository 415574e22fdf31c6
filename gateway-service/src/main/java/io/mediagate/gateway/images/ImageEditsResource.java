package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.idempotency.Fingerprint;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

/**
 * {@code POST /v1/images/edits} and {@code POST /v1/images/variations}, as OpenAI clients send them
 * (multipart). The files are checked ({@link ImageForm}), kept as the caller's private items
 * ({@link SourceStore}) and the job goes to routing like a generation, which sends it only to offers that
 * take an image (and a mask, when one is sent). The answer is a generation's. Blocking: the heads of the
 * form's files are read from disk to check them.
 */
@Tag(name = "Images")
@Path("/v1/images")
@Authenticated
public class ImageEditsResource {
    private final Intake intake;
    private final SourceStore sources;
    private final InlineImages inline;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final ImageStreaming streaming;

    ImageEditsResource(Intake intake, SourceStore sources, InlineImages inline, SecurityIdentity identity, ObjectMapper json,
                       ImageStreaming streaming) {
        this.streaming = streaming;
        this.intake = intake;
        this.sources = sources;
        this.inline = inline;
        this.identity = identity;
        this.json = json;
    }

    @Operation(summary = "Edit images with a prompt (OpenAI-compatible multipart)")
    @POST
    @Path("edits")
    @Blocking
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
    public Uni<Response> edit(MultipartFormDataInput form, @Context ContainerRequestContext context) {
        return submit(form, ImageSources.EDIT, context);
    }

    @Operation(summary = "Make variations of an image (OpenAI-compatible multipart)",
            description = "OpenAI itself no longer serves variations (DALL·E 2 was retired in May 2026); here they are made by the"
                    + " offers whose model takes an image (inputs include image in GET /v1/models; local/pattern offline)."
                    + " No prompt.")
    @POST
    @Path("variations")
    @Blocking
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> vary(MultipartFormDataInput form, @Context ContainerRequestContext context) {
        return submit(form, ImageSources.VARIATION, context);
    }

    /** Form parsing fails before the method runs; this resource's own calls raise no bare IOException. */
    @ServerExceptionMapper
    public Response malformedForm(IOException e) {
        return ImageForm.malformed();
    }

    private Uni<Response> submit(MultipartFormDataInput form, String operation, ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        ImageForm read = ImageForm.read(json, form, operation.equals(ImageSources.EDIT));
        ImageSources planned = SourceStore.planned(arrival.jobId(), operation, read);
        // Every field is checked before a file is kept, so a request refused for its input leaves nothing behind.
        ImageStreaming.Ask stream = ImageStreaming.requested(JsonBody.of(read.fields()), operation.equals(ImageSources.VARIATION));
        GenerationRequest request = ImageRequests.parse(json, JsonBody.of(read.fields()), arrival.caller(), arrival.jobId(),
                arrival.requestId(), arrival.acceptedAt(), planned, stream.stream() ? stream.partialImages() : -1);
        if (stream.stream()) {
            return intake.stream(context, arrival, () -> fingerprint(operation, read),
                    () -> sources.keep(arrival.caller(), planned, read).map(kept -> request),
                    outcome -> streaming.open(request, outcome, "image_edit", arrival.caller(), arrival.requestId()));
        }
        return intake.submit(context, arrival, () -> fingerprint(operation, read),
                () -> sources.keep(arrival.caller(), planned, read).map(kept -> request), false,
                reply -> inline.answer(reply, request.responseFormat(), arrival.caller()));
    }

    /** The form's fields and the contents of its files, whatever the multipart boundary and file names. */
    private static String fingerprint(String operation, ImageForm read) {
        Fingerprint print = Fingerprint.of("POST /v1/images/" + (operation.equals(ImageSources.EDIT) ? "edits" : "variations")).fields(read.fields());
        read.images().forEach(image -> print.file(image.field(), image.open()));
        if (read.mask() != null) {
            print.file("mask", read.mask().open());
        }
        return print.hex();
    }
}
