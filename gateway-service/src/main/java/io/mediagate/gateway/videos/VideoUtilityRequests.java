package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.Set;

/**
 * The JSON body of a utility operation on a video ({@code POST /v1/videos/upscale}, {@code /v1/videos/extend}): {@code video_url}
 * (an https URL or one of the caller's media ids), {@code model} (optional: the operation's default model), {@code provider},
 * {@code routing}, {@code public}, webhooks, and for an upscale its {@code resolution}, for an extension its {@code prompt} and
 * {@code duration} (the seconds to add).
 */
public final class VideoUtilityRequests {
    private static final Set<String> KNOWN = Set.of("model", "video_url", "resolution", "prompt", "duration", "webhook_url", "webhook_events",
            "provider", "routing", "public", RetiredModel.UPGRADES, RequestFields.QUOTE_ID);

    private VideoUtilityRequests() {
    }

    public static GenerationRequest parse(ObjectMapper json, JsonBody in, String operation, String defaultModel, Caller caller, String jobId,
                                          String requestId, Instant acceptedAt) {
        RequestFields.noReuse(in, "video utilities");
        String model = in.string("model").map(m -> RequestFields.model(in)).orElse(defaultModel);
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
        var origin = new GenerationRequest.Origin(jobId, requestId, caller.accountId(), caller.tier(), caller.keyId(), acceptedAt);
        var ask = new GenerationRequest.Ask(model, RequestFields.provider(in), RequestFields.routing(in), prompt, size,
                in.bool("public").orElse(true), in.rest(json, KNOWN));
        return GenerationRequest.video(origin, ask, duration, null, id ? null : source, id ? source : null, VideoRequestParser.webhook(in), null)
                .withOperation(operation).withModelUpgrades(RequestFields.modelUpgrades(in, caller))
                .quoted(RequestFields.quoteId(in));
    }
}
