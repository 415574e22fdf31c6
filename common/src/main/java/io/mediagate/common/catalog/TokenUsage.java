package io.mediagate.common.catalog;

/**
 * The tokens a provider reported for one call, by kind: what a token-billed offer charges from ({@link TokenRates}).
 * An adapter reads its provider's own usage object into it (OpenAI's {@code usage}, Gemini's {@code usageMetadata}).
 */
public record TokenUsage(long textInput, long imageInput, long textOutput, long imageOutput) {
    public static final TokenUsage NONE = new TokenUsage(0, 0, 0, 0);

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(textInput + other.textInput, imageInput + other.imageInput, textOutput + other.textOutput,
                imageOutput + other.imageOutput);
    }
}
