package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * What a provider that bills by tokens charges, in US dollars per million tokens of each kind (OpenAI's GPT Image,
 * Google's Gemini image models): text and image tokens in, text and image tokens out. A kind the provider does not
 * bill apart is absent: input of a kind without a rate costs nothing, and output text without a rate of its own is
 * billed at the image output rate (OpenAI prices GPT Image output as one rate, whatever it holds); output the provider
 * reports without a split is image output.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TokenRates(BigDecimal textInput, BigDecimal imageInput, BigDecimal textOutput, BigDecimal imageOutput) {
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** What {@code usage} costs at these rates, exactly (no rounding). */
    public BigDecimal cost(TokenUsage usage) {
        BigDecimal cost = rate(textInput).multiply(BigDecimal.valueOf(usage.textInput()))
                .add(rate(imageInput).multiply(BigDecimal.valueOf(usage.imageInput())))
                .add(rate(textOutput == null ? imageOutput : textOutput).multiply(BigDecimal.valueOf(usage.textOutput())))
                .add(rate(imageOutput).multiply(BigDecimal.valueOf(usage.imageOutput())));
        return cost.divide(MILLION, MathContext.DECIMAL128).stripTrailingZeros();
    }

    private static BigDecimal rate(BigDecimal rate) {
        return rate == null ? BigDecimal.ZERO : rate;
    }
}
