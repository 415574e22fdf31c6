package io.mediagate.routing.providers;

import io.mediagate.common.catalog.TokenUsage;
import java.math.BigDecimal;
import java.util.Map;

/**
 * One generated image as bytes, with the provider's rewritten prompt when it gives one, and what the provider reported
 * making ({@code made}: null when it reports nothing).
 */
public record GeneratedImage(byte[] bytes, String mime, String revisedPrompt, Made made) {
    public GeneratedImage(byte[] bytes, String mime, String revisedPrompt) {
        this(bytes, mime, revisedPrompt, null);
    }

    /** This image as {@code bytes} of type {@code mime} (converted), the rest kept. */
    public GeneratedImage as(byte[] converted, String type) {
        return new GeneratedImage(converted, type, revisedPrompt, made);
    }

    /**
     * What a provider says it made, as OpenAI's image answer does: the {@code quality} and {@code background} it chose
     * (when asked for {@code auto}), its {@code usage} for the whole call (the provider's object, as given), the tokens it
     * metered for that call by kind ({@code tokens}) and the cost it reported for it ({@code charged}, US dollars: BFL's
     * {@code cost}). Null where not said. The images of one call share one {@code Made}: its usage and cost are the call's,
     * counted once however many images it made.
     */
    public record Made(String quality, String background, Map<String, Object> usage, TokenUsage tokens, BigDecimal charged) {
        public Made(String quality, String background, Map<String, Object> usage) {
            this(quality, background, usage, null, null);
        }
    }
}
