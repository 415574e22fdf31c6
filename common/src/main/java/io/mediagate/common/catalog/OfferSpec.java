package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * One provider's offer of a model: price per unit ({@code image} or {@code second}), the optional
 * parameters it supports ({@code features}), the versions it serves (all when empty) and how the
 * adapter names the model upstream.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OfferSpec(
        String provider,
        BigDecimal price,
        String unit,
        List<String> features,
        List<String> versions,
        String upstreamModel,
        Map<String, String> options) {

    public boolean servesVersion(String version) {
        return versions == null || versions.isEmpty()
                || versions.stream().anyMatch(v -> v.equalsIgnoreCase(version));
    }
}
