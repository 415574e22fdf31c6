package io.mediagate.routing.providers.xai;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Pure mapping between our image task and xAI's images API. xAI takes no pixel size: it takes an
 * {@code aspect_ratio} from a fixed list and a {@code resolution} ({@code 1k} or {@code 2k}), so the requested size
 * becomes the nearest listed ratio and the resolution that reaches its long side. Results are asked for as
 * {@code b64_json} (we store them ourselves). Edits send the sources inline as {@code data:} URIs: one as
 * {@code image}, several as {@code images}, each {@code {"url": ...}}. Errors are {@code {"code": ..., "error": ...}}, the
 * code a gRPC status in words ({@code Client specified an invalid argument}), the error a sentence.
 */
final class XaiWire {
    /** The ratios xAI lists, as width:height. */
    static final List<String> RATIOS = List.of("1:1", "3:4", "4:3", "9:16", "16:9", "2:3", "3:2", "9:19.5", "19.5:9", "9:20",
            "20:9", "1:2", "2:1");

    private XaiWire() {
    }

    static Map<String, Object> generation(ImageTask task) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("n", task.n());
        body.put("response_format", "b64_json");
        body.put("aspect_ratio", ratio(task.width(), task.height()));
        body.put("resolution", Math.max(task.width(), task.height()) > 1024 ? "2k" : "1k");
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    static Map<String, Object> edit(ImageTask task, List<SourceImage> images) {
        Map<String, Object> body = generation(task);
        if (images.size() == 1) {
            body.put("image", Map.of("url", images.getFirst().dataUri()));
        } else {
            body.put("images", images.stream().map(i -> Map.of("url", i.dataUri())).toList());
        }
        return body;
    }

    /** The listed ratio nearest to {@code width:height}. */
    static String ratio(int width, int height) {
        return Upstream.nearestRatio(width, height, RATIOS);
    }

    /** The error text of an answer ({@code error}, a string, or OpenAI's {@code error.message}), or null. */
    static String message(JsonNode body) {
        JsonNode error = body == null ? null : body.get("error");
        if (error == null) {
            return null;
        }
        return error.isTextual() ? error.asText() : error.path("message").asText(null);
    }

    /**
     * Whether an error answer refuses our key. xAI answers a wrong key with 400 {@code {"code": "Client specified an
     * invalid argument", "error": "Incorrect API key provided: ..."}}, which by its status alone would be the caller's fault.
     */
    static boolean badKey(String message) {
        return message != null && message.toLowerCase(Locale.ROOT).contains("api key");
    }

    /** Whether an error answer is a moderation refusal: xAI says so in its text, not in a code of its own. */
    static boolean moderated(String message) {
        String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return m.contains("moderation") || m.contains("safety") || m.contains("content policy");
    }
}
