package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.values.Size;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pure mapping between our image task and the Gemini API's image models: {@code POST /models/{model}:generateContent}
 * with the prompt and any source images as parts of one user turn and {@code generationConfig.responseModalities:
 * ["IMAGE"]} plus {@code imageConfig {aspectRatio, imageSize}}; the answer's candidate parts carry {@code inlineData}. A
 * refused prompt is {@code promptFeedback.blockReason}; a withheld image a candidate {@code finishReason} such as
 * {@code IMAGE_SAFETY}. One image per call. (Imagen's {@code :predict} left the Gemini API in 2026.)
 *
 * <p>Neither takes pixels: the size becomes the nearest listed aspect ratio and, for a model that has resolution tiers
 * (the offer option {@code imageSizes}, e.g. {@code 1K,2K,4K}: Gemini 3 Pro Image), the smallest tier whose size at that
 * ratio in Google's table ({@link #TIERS}) reaches the size asked, sent explicitly. A model without tiers
 * (Gemini 2.5 Flash Image makes 1K only) is never sent an {@code imageSize}.
 */
final class GeminiWire {
    static final List<String> GEMINI_RATIOS = List.of("1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9");
    /**
     * Google's table for Gemini 3 Pro Image: the pixels made at each aspect ratio for the {@code 1K}, {@code 2K} and
     * {@code 4K} tiers (16:9 is 1376x768, 2752x1536, 5504x3072). The price follows the tier: 1K and 2K alike, 4K dearer.
     */
    static final Map<String, List<String>> TIERS = Map.of(
            "1:1", List.of("1024x1024", "2048x2048", "4096x4096"),
            "2:3", List.of("848x1264", "1696x2528", "3392x5056"),
            "3:2", List.of("1264x848", "2528x1696", "5056x3392"),
            "3:4", List.of("896x1200", "1792x2400", "3584x4800"),
            "4:3", List.of("1200x896", "2400x1792", "4800x3584"),
            "4:5", List.of("928x1152", "1856x2304", "3712x4608"),
            "5:4", List.of("1152x928", "2304x1856", "4608x3712"),
            "9:16", List.of("768x1376", "1536x2752", "3072x5504"),
            "16:9", List.of("1376x768", "2752x1536", "5504x3072"),
            "21:9", List.of("1584x672", "3168x1344", "6336x2688"));
    static final List<String> TIER_NAMES = List.of("1K", "2K", "4K");
    /** Candidate finish reasons that mean the image was withheld on policy grounds. */
    static final Set<String> REFUSED = Set.of("SAFETY", "IMAGE_SAFETY", "PROHIBITED_CONTENT", "IMAGE_PROHIBITED_CONTENT",
            "BLOCKLIST", "SPII", "RECITATION", "IMAGE_RECITATION");

    private GeminiWire() {
    }

    /**
     * The {@code imageSize} to send for a size: null when the model has no tiers ({@code tiers} blank), else the smallest
     * of {@code tiers} (a comma list of {@code 1K}, {@code 2K}, {@code 4K}) whose pixels at the size's nearest ratio cover
     * both sides asked (the largest when none does).
     */
    static String imageSize(int width, int height, String tiers) {
        if (tiers == null || tiers.isBlank()) {
            return null;
        }
        List<String> offered = java.util.Arrays.stream(tiers.split(",")).map(String::trim).filter(TIER_NAMES::contains).toList();
        if (offered.isEmpty()) {
            return null;
        }
        List<String> sizes = TIERS.get(Shapes.nearestRatio(width, height, GEMINI_RATIOS));
        for (int i = 0; i < TIER_NAMES.size(); i++) {
            Size tier = Size.of(sizes.get(i));
            if (offered.contains(TIER_NAMES.get(i)) && tier.width() >= width && tier.height() >= height) {
                return TIER_NAMES.get(i);
            }
        }
        return offered.getLast();
    }

    /** {@code POST /models/{model}:generateContent}: one user turn, and the generation config. */
    record Request(List<Turn> contents, GenerationConfig generationConfig) {}

    record Turn(String role, List<Part> parts) {}

    /** A part of a turn: the prompt's text, or a source image inline. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Part(String text, @JsonAlias("inline_data") InlineData inlineData) {}

    record InlineData(String mimeType, String data) {}

    /** Images only, at a ratio (and a tier); the offer's free parameters follow the declared fields. */
    record GenerationConfig(List<String> responseModalities, ImageConfig imageConfig, @JsonAnyGetter Map<String, Object> extra) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ImageConfig(String aspectRatio, String imageSize) {}

    /** A {@code :generateContent} answer: the fields read of it. */
    record Answer(List<Candidate> candidates, PromptFeedback promptFeedback) {}

    record PromptFeedback(String blockReason) {}

    record Candidate(CandidateContent content, String finishReason) {}

    record CandidateContent(List<Part> parts) {}

    static Request generateContent(ImageTask task, List<SourceImage> sources) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(task.prompt(), null));
        for (SourceImage source : sources) {
            parts.add(new Part(null, new InlineData(source.mime(), source.base64())));
        }
        ImageConfig imageConfig = new ImageConfig(Shapes.nearestRatio(task.width(), task.height(), GEMINI_RATIOS),
                imageSize(task.width(), task.height(), task.option("imageSizes", "")));
        return new Request(List.of(new Turn("user", parts)), new GenerationConfig(List.of("IMAGE"), imageConfig,
                WireJson.extra(task.params(), GenerationConfig.class)));
    }

    /** What a {@code :generateContent} answer holds. */
    sealed interface Content {
        record Images(List<String> base64) implements Content {}

        record Refused(String reason) implements Content {}

        /** No image and no refusal: a text-only answer or one not in this shape. */
        record Empty(String finishReason) implements Content {}
    }

    static Content content(ProviderSpec provider, JsonNode json) {
        Answer answer = WireJson.read(provider, json, Answer.class);
        String blocked = answer.promptFeedback() == null ? null : answer.promptFeedback().blockReason();
        if (blocked != null) {
            return new Content.Refused(blocked);
        }
        List<String> images = new ArrayList<>();
        String finish = null;
        for (Candidate candidate : answer.candidates() == null ? List.<Candidate>of() : answer.candidates()) {
            if (candidate == null) {
                continue;
            }
            finish = finish == null ? candidate.finishReason() : finish;
            List<Part> parts = candidate.content() == null || candidate.content().parts() == null ? List.of() : candidate.content().parts();
            for (Part part : parts) {
                if (part != null && part.inlineData() != null && part.inlineData().data() != null) {
                    images.add(part.inlineData().data());
                }
            }
        }
        if (!images.isEmpty()) {
            return new Content.Images(images);
        }
        return finish != null && REFUSED.contains(finish) ? new Content.Refused(finish) : new Content.Empty(finish);
    }
}
