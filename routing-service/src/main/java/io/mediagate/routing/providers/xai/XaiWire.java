package io.mediagate.routing.providers.xai;

import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.util.LinkedHashMap;
import java.util.List;
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

    /**
     * xAI's errors: {@code {"error": "..."}} or OpenAI's {@code {"error": {"message"}}}. A wrong key is a 400
     * {@code {"code": "Client specified an invalid argument", "error": "Incorrect API key provided: ..."}}, which by its
     * status alone would be the caller's fault; a moderation refusal is worded in the text, with no code of its own.
     */
    static final ErrorReader ERRORS = ErrorReader.message("/error/message", "/error").badKey("(?s).*api key.*")
            .moderation("(?s).*(moderation|safety|content policy).*");
}
