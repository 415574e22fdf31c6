package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * One provider's offer of a model: price per unit ({@code image} or {@code second}), the optional
 * parameters it supports ({@code features}), the versions it serves (all when empty), the sizes and
 * inputs it takes (the model's when empty), how the adapter names the model upstream, adapter options,
 * and the price per unit at sizes the provider charges differently for ({@code sizePrices}, e.g. a 4K
 * image; {@code price} at every other size).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OfferSpec(
        String provider,
        BigDecimal price,
        String unit,
        List<String> features,
        List<String> versions,
        List<String> sizes,
        List<String> inputs,
        String upstreamModel,
        Map<String, String> options,
        Map<String, BigDecimal> sizePrices) {

    /** The price per unit at {@code size} (null: the offer's base price). */
    public BigDecimal priceAt(String size) {
        BigDecimal atSize = size == null || sizePrices == null ? null : sizePrices.get(size);
        return atSize == null ? price : atSize;
    }

    public List<String> features() {
        return features == null ? List.of() : features;
    }

    public boolean servesVersion(String version) {
        return versions == null || versions.isEmpty()
                || versions.stream().anyMatch(v -> v.equalsIgnoreCase(version));
    }

    /** Sizes this offer takes: its own list, else the model's. */
    public List<String> sizesOr(List<String> modelSizes) {
        return sizes == null || sizes.isEmpty() ? modelSizes : sizes;
    }

    /** Inputs this offer takes: its own list, else the model's. */
    public List<String> inputsOr(List<String> modelInputs) {
        return inputs == null || inputs.isEmpty() ? modelInputs : inputs;
    }
}
