package io.mediagate.routing.providers.xai;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.WireJson;
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

    /**
     * {@code POST /images/generations}, or with the sources {@code /images/edits}: one inline as {@code image}, several as
     * {@code images}; the offer's free parameters follow the declared fields.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, String prompt, int n, @JsonProperty("response_format") String responseFormat,
                   @JsonProperty("aspect_ratio") String aspectRatio, String resolution, Url image, List<Url> images,
                   @JsonAnyGetter Map<String, Object> extra) {
    }

    /** An input image, as a {@code data:} URI. */
    record Url(String url) {}

    static Request generation(ImageTask task) {
        return request(task, null, null);
    }

    static Request edit(ImageTask task, List<SourceImage> images) {
        return images.size() == 1 ? request(task, new Url(images.getFirst().dataUri()), null)
                : request(task, null, images.stream().map(i -> new Url(i.dataUri())).toList());
    }

    private static Request request(ImageTask task, Url image, List<Url> images) {
        return new Request(task.upstreamModel(), task.prompt(), task.n(), "b64_json", ratio(task.width(), task.height()),
                Math.max(task.width(), task.height()) > 1024 ? "2k" : "1k", image, images, WireJson.extra(task.params(), Request.class));
    }

    /** The listed ratio nearest to {@code width:height}. */
    static String ratio(int width, int height) {
        return Shapes.nearestRatio(width, height, RATIOS);
    }

    /**
     * xAI's errors: {@code {"error": "..."}} or OpenAI's {@code {"error": {"message"}}}. A wrong key is a 400
     * {@code {"code": "Client specified an invalid argument", "error": "Incorrect API key provided: ..."}}, which by its
     * status alone would be the caller's fault; a moderation refusal is worded in the text, with no code of its own.
     */
    static final ErrorReader ERRORS = ErrorReader.message("/error/message", "/error").badKey("(?s).*api key.*")
            .moderation("(?s).*(moderation|safety|content policy).*");
}
