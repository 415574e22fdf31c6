package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.GenerationResponse;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.generation.RequestFields;
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
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
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
    private static final Set<String> KNOWN = Set.of("model", "video_url", "resolution", "prompt", "duration", "webhook_url", "webhook_events",
            "provider", "routing", "public", RetiredModel.UPGRADES);
    private final Intake intake;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;
    private final WebhookTargets webhooks;
    private final Map<String, String> defaults;

    VideoUtilitiesResource(Intake intake, SecurityIdentity identity, ObjectMapper json, Clock clock, WebhookTargets webhooks,
                           @ConfigProperty(name = "mediagate.utilities.video-upscale.model", defaultValue = "local/video-upscale") String upscaler,
                           @ConfigProperty(name = "mediagate.utilities.video-extend.model", defaultValue = "local/extend") String extender) {
        this.intake = intake;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
        this.webhooks = webhooks;
        this.defaults = Map.of("upscale", upscaler, "extend", extender);
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
        GenerationRequest request = parse(in, operation, arrival);
        boolean async = prefer != null && prefer.toLowerCase(Locale.ROOT).contains("respond-async");
        return webhooks.check(request.webhookUrl()).flatMap(checked -> intake.submit(context, arrival,
                () -> Fingerprint.of("POST /v1/videos/" + operation).fields(in.node()).hex(),
                () -> Uni.createFrom().item(request), async, reply -> Uni.createFrom().item(GenerationResponse.ok(reply, clock))));
    }

    private GenerationRequest parse(JsonBody in, String operation, Intake.Arrival arrival) {
        Caller caller = arrival.caller();
        String model = in.string("model").map(m -> RequestFields.model(in)).orElse(defaults.get(operation));
        String source = RequestFields.urlOrMedia(in, "video_url")
                .orElseThrow(() -> ApiException.invalid("video_url", "video_url is required: an https URL or one of your media ids (med_…)"));
        boolean id = RequestFields.isMediaId(source);
        Size size = null;
        Double duration = null;
        String prompt = null;
        if (operation.equals("upscale")) {
            size = in.string("resolution").map(r -> VideoSize.parse(r).map(Size::of).orElseThrow(() ->
                    ApiException.invalid("resolution", "resolution must be 480p, 720p or 1080p"))).orElse(null);
            for (String field : new String[] {"prompt", "duration"}) {
                if (in.node().has(field)) {
                    throw ApiException.invalid(field, field + " applies to an extension; an upscale keeps the video's content and length");
                }
            }
        } else {
            if (in.node().has("resolution")) {
                throw ApiException.invalid("resolution", "an extension keeps the video's resolution; upscale it with POST /v1/videos/upscale");
            }
            prompt = RequestFields.prompt(in, VideoRequestParser.MAX_PROMPT);
            duration = in.number("duration").map(d -> {
                if (d <= 0 || d > Planning.MAX_SECONDS) {
                    throw ApiException.invalid("duration", "duration (the seconds to add) must be more than 0 and at most "
                            + (long) Planning.MAX_SECONDS);
                }
                return d;
            }).orElse(null);
        }
        var origin = new GenerationRequest.Origin(arrival.jobId(), arrival.requestId(), caller.accountId(), caller.tier(), caller.keyId(),
                arrival.acceptedAt());
        var ask = new GenerationRequest.Ask(model, RequestFields.provider(in), RequestFields.routing(in), prompt, size,
                in.bool("public").orElse(true), in.rest(json, KNOWN));
        return GenerationRequest.video(origin, ask, duration, null, id ? null : source, id ? source : null, VideoRequestParser.webhook(in), null)
                .withOperation(operation).withModelUpgrades(RequestFields.modelUpgrades(in, caller));
    }
}
