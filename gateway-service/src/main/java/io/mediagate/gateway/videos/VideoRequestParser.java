package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Validates the body of {@code POST /v1/videos/generations} as far as it can be checked without the
 * catalog (the model's sizes, duration bounds and inputs are checked by routing).
 */
public final class VideoRequestParser {
    static final int MAX_PROMPT = 500;
    /** At most this many reference pictures on a video (each offer takes up to its provider's limit: GET /v1/models). */
    static final int MAX_REFERENCES = 8;
    private static final Pattern MEDIA_ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");
    private static final Set<String> KNOWN = Set.of("model", "prompt", "size", "aspect_ratio", "resolution", "duration", "image_url", "last_frame_url",
            "reference_image_urls", "video_url",
            "video_id", "webhook_url", "webhook_events", "provider", "routing", "public", RetiredModel.UPGRADES, RequestFields.QUOTE_ID);

    private VideoRequestParser() {
    }

    static GenerationRequest parse(ObjectMapper json, String body, Caller caller, String jobId, String requestId,
                                   Instant acceptedAt) {
        return parse(json, JsonBody.parse(json, body), caller, jobId, requestId, acceptedAt, null);
    }

    /** The request from fields already gathered; {@code reference} names a reference image sent as a file, or is null. */
    public static GenerationRequest parse(ObjectMapper json, JsonBody in, Caller caller, String jobId, String requestId,
                                          Instant acceptedAt, ImageSources reference) {
        RequestFields.noReuse(in, "videos");
        String model = RequestFields.model(in);
        String prompt = RequestFields.prompt(in, MAX_PROMPT);
        Size size = in.string("size").map(s -> VideoSize.parse(s).map(Size::of).orElseThrow(() ->
                ApiException.invalid("size", "size must be 480p, 720p or 1080p"))).orElse(null);
        Framing framing = Framing.of(in.string("aspect_ratio").orElse(null), in.string("resolution").orElse(null), true);
        Double duration = in.number("duration").map(d -> {
            if (d <= 0 || d > Planning.MAX_SECONDS) {
                throw ApiException.invalid("duration", "duration must be more than 0 and at most "
                        + (long) Planning.MAX_SECONDS + " seconds");
            }
            return d;
        }).orElse(null);
        String imageUrl = RequestFields.urlOrMedia(in, "image_url").orElse(null);
        String lastFrame = RequestFields.urlOrMedia(in, "last_frame_url").orElse(null);
        List<String> references = RequestFields.urlsOrMedia(in, "reference_image_urls", MAX_REFERENCES);
        String videoUrl = RequestFields.url(in, "video_url").orElse(null);
        String videoId = in.string("video_id").map(id -> {
            if (!MEDIA_ID.matcher(id).matches()) {
                throw ApiException.invalid("video_id", "video_id must be a media id (med_…)");
            }
            return id;
        }).orElse(null);
        if (videoUrl != null && videoId != null) {
            throw ApiException.invalid("video_id", "give video_url or video_id, not both");
        }
        if (reference != null && imageUrl != null) {
            throw ApiException.invalid("image_url", "give one reference image, not a file and a URL");
        }
        if (imageUrl != null && (videoUrl != null || videoId != null)) {
            throw ApiException.invalid("image_url", "give image_url or a source video, not both");
        }
        if (lastFrame != null && imageUrl == null && reference == null) {
            throw ApiException.invalid("last_frame_url", "last_frame_url needs the first frame too: give image_url");
        }
        if (references != null && (imageUrl != null || reference != null || videoUrl != null || videoId != null)) {
            throw ApiException.invalid("reference_image_urls", "reference pictures make a video of their own: give reference_image_urls, or a "
                    + "first frame or source video, not both");
        }
        GenerationRequest.Webhook webhook = webhook(in);
        Map<String, Object> extras = in.rest(json, KNOWN);
        var origin = new GenerationRequest.Origin(jobId, requestId, caller.accountId(), caller.tier(), caller.keyId(), acceptedAt);
        var ask = new GenerationRequest.Ask(model, RequestFields.provider(in), RequestFields.routing(in), prompt, size,
                in.bool("public").orElse(true), extras, framing);
        return GenerationRequest.video(origin, ask, duration, imageUrl, videoUrl, videoId, webhook, reference)
                .withLastFrame(lastFrame).withReferences(references).withModelUpgrades(RequestFields.modelUpgrades(in, caller))
                .quoted(RequestFields.quoteId(in));
    }

    /**
     * {@code webhook_url} and {@code webhook_events}: the kinds of job events delivered there (their names, as the event
     * stream has them), by default the job's completion or failure; events need a URL to go to.
     */
    static GenerationRequest.Webhook webhook(JsonBody in) {
        String url = RequestFields.url(in, "webhook_url").orElse(null);
        JsonNode events = in.node().get("webhook_events");
        if (events == null || events.isNull()) {
            return new GenerationRequest.Webhook(url, null);
        }
        if (!events.isArray() || events.isEmpty()) {
            throw ApiException.invalid("webhook_events", "webhook_events must be a non-empty list of event names");
        }
        if (url == null) {
            throw ApiException.invalid("webhook_events", "webhook_events needs a webhook_url to deliver them to");
        }
        Set<String> kinds = new LinkedHashSet<>();
        for (JsonNode event : events) {
            if (!event.isTextual() || JobEvent.Kind.of(event.asText()) == null) {
                throw ApiException.invalid("webhook_events", "webhook_events takes event names: " + Arrays.stream(JobEvent.Kind.values())
                        .map(JobEvent.Kind::wire).collect(Collectors.joining(", ")));
            }
            kinds.add(event.asText());
        }
        return new GenerationRequest.Webhook(url, List.copyOf(kinds));
    }
}
