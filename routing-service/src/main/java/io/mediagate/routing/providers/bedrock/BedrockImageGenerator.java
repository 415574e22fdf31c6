package io.mediagate.routing.providers.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Amazon Nova Canvas on Bedrock ({@code adapter: bedrock}, images): {@code POST /model/{modelId}/invoke}, signed with
 * SigV4, a {@code taskType} and its parameters plus {@code imageGenerationConfig} (count, pixels, the offer's
 * {@code quality}); the answer's {@code images} are base64. Edits: {@code INPAINTING} with a mask (black where the
 * image changes, as Nova takes it), {@code IMAGE_VARIATION} without one (the offer's {@code similarityStrength},
 * default 0.7). A request the content filters refuse is a {@code ValidationException} saying so (moderation); an
 * answer whose images were all withheld carries the same words in {@code error}.
 */
public class BedrockImageGenerator implements ImageGenerator, ImageEditor {
    /** Parameters that belong to {@code imageGenerationConfig}; the others go with the task's own parameters. */
    static final Set<String> CONFIG = Set.of("seed", "cfgScale");
    private final BedrockCalls calls;
    private final Function<String, Optional<String>> settings;

    public BedrockImageGenerator(Upstream upstream, Function<String, Optional<String>> settings) {
        this.calls = new BedrockCalls(upstream);
        this.settings = settings;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("text", task.prompt());
        taskParams(task, params);
        return invoke(provider, task, "TEXT_IMAGE", "textToImageParams", params);
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("text", task.prompt());
        taskParams(task, params);
        if (mask != null) {
            params.put("image", images.getFirst().base64());
            params.put("maskImage", mask.blackWhereTransparent().base64());
            return invoke(provider, task, "INPAINTING", "inPaintingParams", params);
        }
        params.put("images", images.stream().limit(5).map(SourceImage::base64).toList());
        params.put("similarityStrength", Double.parseDouble(task.option("similarityStrength", "0.7")));
        return invoke(provider, task, "IMAGE_VARIATION", "imageVariationParams", params);
    }

    private static void taskParams(ImageTask task, Map<String, Object> params) {
        task.params().forEach((name, value) -> {
            if (!CONFIG.contains(name)) {
                params.putIfAbsent(name, value);
            }
        });
    }

    private List<GeneratedImage> invoke(ProviderSpec provider, ImageTask task, String taskType, String paramsField,
                                        Map<String, Object> params) {
        BedrockSettings where = BedrockSettings.read(provider, settings);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("numberOfImages", task.n());
        config.put("width", task.width());
        config.put("height", task.height());
        config.put("quality", task.option("quality", "standard"));
        task.params().forEach((name, value) -> {
            if (CONFIG.contains(name)) {
                config.put(name, value);
            }
        });
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("taskType", taskType);
        body.put(paramsField, params);
        body.put("imageGenerationConfig", config);
        JsonNode answer = calls.post(provider, where, "/model/" + BedrockCalls.segment(task.upstreamModel()) + "/invoke", body);
        JsonNode images = answer.path("images");
        String error = Shapes.text(answer, "error");
        if (!images.isArray()) {
            throw ProviderException.failed(provider.id() + " answered without images");
        }
        List<GeneratedImage> out = new ArrayList<>();
        images.forEach(image -> out.add(Shapes.inline(provider, image.asText(), null)));
        if (out.isEmpty()) {
            throw BedrockCalls.blocked(error) ? ProviderException.moderated("the request was refused by the provider's content policy")
                    : ProviderException.failed(provider.id() + " answered no image" + (error == null ? "" : ": " + error));
        }
        return out;
    }
}
