package io.mediagate.routing.providers;

/** One generated image as bytes, with the provider's rewritten prompt when it gives one. */
public record GeneratedImage(byte[] bytes, String mime, String revisedPrompt) {
}
