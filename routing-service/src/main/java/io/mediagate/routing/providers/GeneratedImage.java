package io.mediagate.routing.providers;

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
     * (when asked for {@code auto}), and its token {@code usage} for the whole request (OpenAI's object, as given). Null where
     * not said.
     */
    public record Made(String quality, String background, Map<String, Object> usage) {}
}
