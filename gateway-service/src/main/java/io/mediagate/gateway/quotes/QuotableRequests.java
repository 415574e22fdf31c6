package io.mediagate.gateway.quotes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.batches.EditLineSources;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.generation.UtilityModels;
import io.mediagate.gateway.images.ImageRequests;
import io.mediagate.gateway.images.UtilityRequests;
import io.mediagate.gateway.support.JsonBody;
import io.mediagate.gateway.videos.VideoCreation;
import io.mediagate.gateway.videos.VideoRequestParser;
import io.mediagate.gateway.videos.VideoUtilityRequests;
import java.time.Instant;
import java.util.List;

/**
 * The request a quote prices: {@code body}, exactly the JSON body of {@code endpoint}, read by that endpoint's own parser (so a
 * body its endpoint refuses is refused here the same way, naming the same field). An edit or a variation, multipart where it
 * runs, is quoted from its JSON form: its fields, with {@code images} (and an edit's {@code mask}) named as
 * {@code {"image_url": …}} or {@code {"file_id": "med_…"}}, as a batch's edit line names them; only their number counts.
 */
final class QuotableRequests {
    static final String IMAGE_GENERATIONS = "/v1/images/generations";
    static final String IMAGE_EDITS = "/v1/images/edits";
    static final String IMAGE_VARIATIONS = "/v1/images/variations";
    static final String IMAGE_UPSCALE = "/v1/images/upscale";
    static final String IMAGE_REMOVE_BACKGROUND = "/v1/images/remove-background";
    static final String VIDEO_GENERATIONS = "/v1/videos/generations";
    static final String VIDEOS = "/v1/videos";
    static final String VIDEO_UPSCALE = "/v1/videos/upscale";
    static final String VIDEO_EXTEND = "/v1/videos/extend";
    /** Every endpoint a quote may price. */
    static final List<String> ENDPOINTS = List.of(IMAGE_GENERATIONS, IMAGE_EDITS, IMAGE_VARIATIONS, IMAGE_UPSCALE, IMAGE_REMOVE_BACKGROUND,
            VIDEO_GENERATIONS, VIDEOS, VIDEO_UPSCALE, VIDEO_EXTEND);

    private QuotableRequests() {
    }

    /** Who asks, and the ids and time its endpoint's parser is given (the quote is no job: its id is never used). */
    record Asker(Caller caller, String jobId, String requestId, Instant at) {}

    static GenerationRequest parse(ObjectMapper json, UtilityModels utilities, String endpoint, JsonNode node, Asker a) {
        if (!(node instanceof ObjectNode body)) {
            throw ApiException.invalid("body", "body must be the JSON object of the request to price");
        }
        if (body.has(RequestFields.QUOTE_ID)) {
            throw ApiException.invalid("body." + RequestFields.QUOTE_ID, "a quote prices a request, not one already quoted");
        }
        ObjectNode fields = body.deepCopy();
        JsonBody in = JsonBody.of(fields);
        Caller c = a.caller();
        try {
            return switch (endpoint) {
                case IMAGE_GENERATIONS -> ImageRequests.parse(json, in, c, a.jobId(), a.requestId(), a.at(), null, -1);
                case IMAGE_EDITS, IMAGE_VARIATIONS -> {
                    ImageSources sources = EditLineSources.take(fields, endpoint.equals(IMAGE_EDITS) ? ImageSources.EDIT : ImageSources.VARIATION);
                    yield ImageRequests.parse(json, in, c, a.jobId(), a.requestId(), a.at(), sources, -1);
                }
                case IMAGE_UPSCALE, IMAGE_REMOVE_BACKGROUND -> UtilityRequests.parse(json, in, endpoint.equals(IMAGE_UPSCALE)
                        ? ImageSources.UPSCALE : ImageSources.REMOVE_BACKGROUND, utilities.of(endpoint), c, a.jobId(), a.requestId(), a.at());
                case VIDEO_GENERATIONS -> VideoRequestParser.parse(json, in, c, a.jobId(), a.requestId(), a.at(), null);
                case VIDEOS -> VideoCreation.request(json, JsonBody.of(VideoCreation.body(json, fields)), c, a.jobId(), a.requestId(), a.at(), null);
                case VIDEO_UPSCALE, VIDEO_EXTEND -> VideoUtilityRequests.parse(json, in, endpoint.substring("/v1/videos/".length()),
                        utilities.of(endpoint), c, a.jobId(), a.requestId(), a.at());
                default -> throw new IllegalArgumentException("no quotable endpoint " + endpoint); // checked by the resource
            };
        } catch (ApiException e) {
            // the field named is the body's
            String param = e.param() == null ? null : "body." + e.param();
            throw new ApiException(e.code(), e.getMessage(), param, e.extra());
        }
    }
}
