package io.mediagate.routing.providers.openai;

import io.mediagate.common.catalog.TokenUsage;
import java.util.Map;

/**
 * The tokens of a GPT Image answer's {@code usage} (OpenAI's SDK types: {@code input_tokens} with
 * {@code input_tokens_details} {text_tokens, image_tokens}, {@code output_tokens} with the optional
 * {@code output_tokens_details} {text_tokens, image_tokens}), by kind, as a token-billed offer charges them: input text
 * and images apart, output images (all output where the answer gives no split) and output text.
 */
final class OpenAiUsage {
    private OpenAiUsage() {
    }

    /** The tokens {@code usage} reports; null when there is no usage or it has no counts. */
    static TokenUsage tokens(Map<String, Object> usage) {
        if (usage == null || !(usage.get("input_tokens") instanceof Number) && !(usage.get("output_tokens") instanceof Number)) {
            return null;
        }
        long input = count(usage.get("input_tokens"));
        long output = count(usage.get("output_tokens"));
        Map<?, ?> in = usage.get("input_tokens_details") instanceof Map<?, ?> m ? m : Map.of();
        long imageIn = count(in.get("image_tokens"));
        long textIn = in.containsKey("text_tokens") ? count(in.get("text_tokens")) : Math.max(0, input - imageIn);
        Map<?, ?> out = usage.get("output_tokens_details") instanceof Map<?, ?> m ? m : Map.of();
        long textOut = count(out.get("text_tokens"));
        long imageOut = out.containsKey("image_tokens") ? count(out.get("image_tokens")) : Math.max(0, output - textOut);
        return new TokenUsage(textIn, imageIn, textOut, imageOut);
    }

    private static long count(Object value) {
        return value instanceof Number n ? Math.max(0, n.longValue()) : 0;
    }
}
