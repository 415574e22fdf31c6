package io.mediagate.common.quotes;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.catalog.OfferCharges;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A request as routing would serve it: the model version ({@code model}, {@code base/model:version}), the routing mode and the
 * ranked {@code candidates}, first the one tried first, then the fallbacks in order.
 */
public record QuotedPlan(String model, String routing, List<Offer> candidates) {

    /**
     * What one offer would charge and make: {@code price}, the most it charges (exact, unless {@code range} says how far below it
     * the charge may fall: a provider that meters tokens or megapixels, or a quality left to the provider); {@code metered},
     * what its provider bills by ({@code tokens}, {@code megapixels}; absent for its published price); {@code applied}, what it
     * would be asked to make ({@code size}, a video's {@code duration} in billed seconds, the {@code model} serving a retired
     * one); {@code eta}, its recent time to a result.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Offer(String provider, BigDecimal price, OfferCharges.Range range, String metered, Map<String, Object> applied, Eta eta) {}

    /**
     * The median and 95th-percentile milliseconds of the provider's successful calls over the last 15 minutes: each null when it
     * has made none.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Eta(Long p50, Long p95) {}
}
