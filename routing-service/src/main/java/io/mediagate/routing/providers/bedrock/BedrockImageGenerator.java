package io.mediagate.routing.providers.bedrock;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
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
import io.mediagate.routing.providers.WireJson;
import java.util.ArrayList;
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

    /**
     * Nova Canvas's {@code InvokeModel} body: the task type, its parameters under the field that names it, and the image
     * generation config (the offer's {@code seed} and {@code cfgScale} parameters in it, the others in the task's).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Invocation(String taskType, Params textToImageParams, Params inPaintingParams, Params imageVariationParams,
                      Config imageGenerationConfig) {}

    /** A task's parameters: the prompt, the edit's sources and mask; the offer's free parameters follow. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Params(String text, String image, String maskImage, List<String> images, Double similarityStrength,
                  @JsonAnyGetter Map<String, Object> extra) {

        static Params of(ImageTask task, String image, String maskImage, List<String> images, Double similarityStrength) {
            Map<String, Object> extra = WireJson.extra(task.params(), Params.class);
            extra.keySet().removeAll(CONFIG);
            return new Params(task.prompt(), image, maskImage, images, similarityStrength, extra);
        }
    }

    /** How many images, their size and quality; {@code seed} and {@code cfgScale} where the request sets them. */
    record Config(int numberOfImages, int width, int height, String quality, @JsonAnyGetter Map<String, Object> extra) {
        static Config of(ImageTask task) {
            Map<String, Object> extra = new java.util.LinkedHashMap<>(task.params());
            extra.keySet().retainAll(CONFIG);
            return new Config(task.n(), task.width(), task.height(), task.option("quality", "standard"), extra);
        }
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return invoke(provider, task, new Invocation("TEXT_IMAGE", Params.of(task, null, null, null, null), null, null, Config.of(task)));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        if (mask != null) {
            Params inpainting = Params.of(task, images.getFirst().base64(), mask.blackWhereTransparent().base64(), null, null);
            return invoke(provider, task, new Invocation("INPAINTING", null, inpainting, null, Config.of(task)));
        }
        Params variation = Params.of(task, null, null, images.stream().limit(5).map(SourceImage::base64).toList(),
                Double.parseDouble(task.option("similarityStrength", "0.7")));
        return invoke(provider, task, new Invocation("IMAGE_VARIATION", null, null, variation, Config.of(task)));
    }

    private List<GeneratedImage> invoke(ProviderSpec provider, ImageTask task, Invocation body) {
        BedrockSettings where = BedrockSettings.read(provider, settings);
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
