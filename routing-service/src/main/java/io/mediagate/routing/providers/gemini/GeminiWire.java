package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pure mapping between our image task and the Gemini API's two ways to make images.
 *
 * <ul>
 *   <li>Imagen models: {@code POST /models/{model}:predict} with {@code {"instances": [{"prompt"}], "parameters":
 *       {"sampleCount", "aspectRatio", "imageSize"}}}, answered {@code {"predictions": [{"bytesBase64Encoded",
 *       "mimeType"}]}}. Images Google's filters withhold are left out of the answer; when all are, none come back.</li>
 *   <li>Gemini image models: {@code POST /models/{model}:generateContent} with the prompt and any source images as
 *       parts of one user turn and {@code generationConfig.responseModalities: ["IMAGE"]} plus
 *       {@code imageConfig {aspectRatio, imageSize}}; the answer's candidate parts carry {@code inlineData}. A refused
 *       prompt is {@code promptFeedback.blockReason}; a withheld image a candidate {@code finishReason} such as
 *       {@code IMAGE_SAFETY}. One image per call.</li>
 * </ul>
 *
 * <p>Neither takes pixels: the size becomes the nearest listed aspect ratio and, past 1K on its long side, the
 * {@code imageSize} that reaches it ({@code 2K}, {@code 4K}).
 */
final class GeminiWire {
    static final List<String> IMAGEN_RATIOS = List.of("1:1", "3:4", "4:3", "9:16", "16:9");
    static final List<String> GEMINI_RATIOS = List.of("1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9");
    /** Candidate finish reasons that mean the image was withheld on policy grounds. */
    static final Set<String> REFUSED = Set.of("SAFETY", "IMAGE_SAFETY", "PROHIBITED_CONTENT", "IMAGE_PROHIBITED_CONTENT",
            "BLOCKLIST", "SPII", "RECITATION", "IMAGE_RECITATION");

    private GeminiWire() {
    }

    /** Imagen models go through {@code :predict}; every other model through {@code :generateContent}. */
    static boolean imagen(ImageTask task) {
        String api = task.option("api", "");
        return api.isEmpty() ? task.upstreamModel().startsWith("imagen") : "predict".equals(api);
    }

    /** {@code 2K} or {@code 4K} when the long side is past 1K, else nothing (the models' default, 1K). */
    static String imageSize(int width, int height) {
        int side = Math.max(width, height);
        return side <= 1100 ? null : side <= 2048 ? "2K" : "4K";
    }

    static Map<String, Object> predict(ImageTask task) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("sampleCount", task.n());
        parameters.put("aspectRatio", Upstream.nearestRatio(task.width(), task.height(), IMAGEN_RATIOS));
        String size = imageSize(task.width(), task.height());
        if (size != null) {
            parameters.put("imageSize", size);
        }
        task.params().forEach(parameters::putIfAbsent);
        return Map.of("instances", List.of(Map.of("prompt", task.prompt())), "parameters", parameters);
    }

    static Map<String, Object> generateContent(ImageTask task, List<SourceImage> sources) {
        List<Map<String, Object>> parts = new ArrayList<>();
        parts.add(Map.of("text", task.prompt()));
        for (SourceImage source : sources) {
            parts.add(Map.of("inlineData", Map.of("mimeType", source.mime(), "data", source.base64())));
        }
        Map<String, Object> imageConfig = new LinkedHashMap<>();
        imageConfig.put("aspectRatio", Upstream.nearestRatio(task.width(), task.height(), GEMINI_RATIOS));
        String size = imageSize(task.width(), task.height());
        if (size != null) {
            imageConfig.put("imageSize", size);
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("responseModalities", List.of("IMAGE"));
        config.put("imageConfig", imageConfig);
        task.params().forEach(config::putIfAbsent);
        return Map.of("contents", List.of(Map.of("role", "user", "parts", parts)), "generationConfig", config);
    }

    /** What a {@code :generateContent} answer holds. */
    sealed interface Content {
        record Images(List<String> base64) implements Content {}

        record Refused(String reason) implements Content {}

        /** No image and no refusal: a text-only answer or one not in this shape. */
        record Empty(String finishReason) implements Content {}
    }

    static Content content(JsonNode answer) {
        String blocked = Upstream.text(answer.path("promptFeedback"), "blockReason");
        if (blocked != null) {
            return new Content.Refused(blocked);
        }
        List<String> images = new ArrayList<>();
        String finish = null;
        for (JsonNode candidate : answer.path("candidates")) {
            finish = finish == null ? Upstream.text(candidate, "finishReason") : finish;
            for (JsonNode part : candidate.path("content").path("parts")) {
                JsonNode inline = part.has("inlineData") ? part.get("inlineData") : part.path("inline_data");
                String data = Upstream.text(inline, "data");
                if (data != null) {
                    images.add(data);
                }
            }
        }
        if (!images.isEmpty()) {
            return new Content.Images(images);
        }
        return finish != null && REFUSED.contains(finish) ? new Content.Refused(finish) : new Content.Empty(finish);
    }
}
