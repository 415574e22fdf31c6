package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.VideoSize;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.support.JsonBody;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenAI's video creation fields turned into a {@code /v1/videos/generations} body, so one parser checks
 * both faces: {@code seconds} (a string or a number) becomes {@code duration}, {@code size} as {@code WxH}
 * its shape (the label of its short side at its ratio; our labels pass as they are), {@code input_reference: {image_url}} becomes
 * {@code image_url} (a file sent as {@code input_reference} is kept apart, see the resource). The rest
 * (model, prompt, provider, routing, public, model extras) passes unchanged.
 */
public final class VideoCreation {
    private static final Pattern DIMENSIONS = Pattern.compile("([0-9]{1,5})x([0-9]{1,5})");
    /** Our generation fields that this face does not take (it has its own names, or none). */
    private static final Set<String> REFUSED = Set.of("duration", "image_url", "video_url", "video_id", "webhook_url",
            "webhook_events");

    private VideoCreation() {
    }

    /** The generation body for {@code fields} (a JSON body, or a form's text fields read as one). */
    public static ObjectNode body(ObjectMapper json, ObjectNode fields) {
        ObjectNode body = json.createObjectNode();
        for (Map.Entry<String, JsonNode> field : fields.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (REFUSED.contains(name)) {
                throw ApiException.invalid(name, name + " is not a field of POST /v1/videos; see POST /v1/videos/generations");
            }
            switch (name) {
                case "seconds" -> body.put("duration", seconds(value));
                case "size" -> size(body, value);
                case "input_reference" -> body.put("image_url", reference(value));
                default -> body.set(name, value);
            }
        }
        return body;
    }

    /** The generation request of a translated body, its errors named by this face's fields ({@code seconds}, {@code input_reference}). */
    public static GenerationRequest request(ObjectMapper json, JsonBody body, Caller caller, String jobId, String requestId, Instant accepted,
                                     ImageSources reference) {
        try {
            return VideoRequestParser.parse(json, body, caller, jobId, requestId, accepted, reference);
        } catch (ApiException e) {
            String param = e.param() == null ? null : switch (e.param()) {
                case "duration" -> "seconds";
                case "image_url" -> "input_reference";
                case "aspect_ratio", "resolution" -> "size";
                default -> e.param();
            };
            throw param == null || param.equals(e.param()) ? e : new ApiException(e.code(), e.getMessage().replace("duration", "seconds")
                    .replace("image_url", "input_reference"), param, e.extra());
        }
    }

    private static BigDecimal seconds(JsonNode value) {
        if (value.isNumber()) {
            return JsonBody.decimal(value).orElseThrow(() -> ApiException.invalid("seconds", "seconds must be a number of seconds, such as \"8\""));
        }
        if (value.isTextual()) {
            try {
                return new BigDecimal(value.asText().trim());
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw ApiException.invalid("seconds", "seconds must be a number of seconds, such as \"8\"");
    }

    /**
     * OpenAI's {@code size}: one of our labels as it is, else {@code WxH} as its shape, the label of its short side at its
     * ratio ({@code 720x1280}: 720p at 9:16), so that a portrait size is made portrait or refused, never turned landscape.
     */
    private static void size(ObjectNode body, JsonNode value) {
        if (!value.isTextual()) {
            throw ApiException.invalid("size", "size must look like 1280x720");
        }
        String size = value.asText();
        if (VideoSize.parse(size).isPresent()) {
            body.put("size", size);
            return;
        }
        Matcher m = DIMENSIONS.matcher(size);
        if (!m.matches() || Integer.parseInt(m.group(1)) == 0 || Integer.parseInt(m.group(2)) == 0) {
            throw ApiException.invalid("size", "size must look like 1280x720");
        }
        int width = Integer.parseInt(m.group(1));
        int height = Integer.parseInt(m.group(2));
        body.put("resolution", VideoSize.byShortSide(width, height).label());
        body.put("aspect_ratio", Framing.ratioOf(width, height));
    }

    private static String reference(JsonNode value) {
        JsonNode url = value.path("image_url");
        if (!url.isTextual()) {
            throw ApiException.invalid("input_reference", "input_reference must be a file or {\"image_url\": \"https://…\"}");
        }
        return url.asText();
    }
}
