package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.TokenUsage;

/**
 * The tokens of a {@code generateContent} answer's {@code usageMetadata} (Google's SDK types: {@code promptTokenCount}
 * with {@code promptTokensDetails} by modality, {@code candidatesTokenCount} with {@code candidatesTokensDetails} by
 * modality, {@code thoughtsTokenCount}), by kind, as a token-billed offer charges them: the prompt's text and images, the
 * answer's images, and its text with the model's thinking (which Google bills as output).
 */
final class GeminiUsage {
    private GeminiUsage() {
    }

    /** The tokens {@code usage} reports; null when the answer has none. */
    static TokenUsage tokens(JsonNode usage) {
        if (usage == null || !usage.isObject() || !usage.has("promptTokenCount") && !usage.has("candidatesTokenCount")) {
            return null;
        }
        long prompt = usage.path("promptTokenCount").asLong(0);
        long candidates = usage.path("candidatesTokenCount").asLong(0);
        long thoughts = usage.path("thoughtsTokenCount").asLong(0);
        long imageIn = modality(usage.path("promptTokensDetails"), "IMAGE");
        long textIn = usage.path("promptTokensDetails").isArray() ? modality(usage.path("promptTokensDetails"), "TEXT") : prompt - imageIn;
        long textOut = modality(usage.path("candidatesTokensDetails"), "TEXT");
        long imageOut = usage.path("candidatesTokensDetails").isArray() ? modality(usage.path("candidatesTokensDetails"), "IMAGE")
                : candidates - textOut;
        return new TokenUsage(Math.max(0, textIn), Math.max(0, imageIn), Math.max(0, textOut + thoughts), Math.max(0, imageOut));
    }

    private static long modality(JsonNode details, String modality) {
        long sum = 0;
        for (JsonNode detail : details) {
            if (modality.equalsIgnoreCase(detail.path("modality").asText())) {
                sum += detail.path("tokenCount").asLong(0);
            }
        }
        return sum;
    }
}
