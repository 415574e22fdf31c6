package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * What a provider that bills by megapixels charges, in US dollars (Black Forest Labs' FLUX.2, several marketplace
 * models): {@code first} for an image's first megapixel of output, {@code additional} for each further one, and
 * {@code input} for each megapixel of its input images; a megapixel is 1,000,000 pixels. {@code rounding} is how the
 * provider counts megapixels: {@code up} to the whole megapixel, or {@code exact}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MegapixelRates(BigDecimal first, BigDecimal additional, BigDecimal input, String rounding) {
    private static final BigDecimal MEGAPIXEL = BigDecimal.valueOf(1_000_000);

    /** What one image of {@code width} x {@code height} costs, made from input images of {@code inputPixels} pixels in all. */
    public BigDecimal cost(long width, long height, long inputPixels) {
        BigDecimal out = megapixels(width * height);
        BigDecimal further = out.subtract(BigDecimal.ONE).max(BigDecimal.ZERO);
        BigDecimal cost = rate(first).add(rate(additional).multiply(further))
                .add(rate(input).multiply(megapixels(inputPixels)));
        return cost.stripTrailingZeros();
    }

    /** {@code pixels} in megapixels, counted as the provider counts them. */
    public BigDecimal megapixels(long pixels) {
        BigDecimal exact = BigDecimal.valueOf(pixels).divide(MEGAPIXEL, MathContext.DECIMAL64);
        return "up".equals(rounding) ? exact.setScale(0, RoundingMode.CEILING) : exact;
    }

    private static BigDecimal rate(BigDecimal rate) {
        return rate == null ? BigDecimal.ZERO : rate;
    }
}
