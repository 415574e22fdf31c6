package io.mediagate.common.catalog;

import java.util.List;
import java.util.Map;

/**
 * What routing asks the catalog for: a model, the providers of its offers, and the ids of every
 * provider in the catalog (so that an explicit provider can be told unknown from merely not offering), and
 * the recent health of the model's providers (for ranking ties), and the model's offers that are retired
 * ({@link Retirement}, by provider).
 */
public record ResolvedModel(ModelSpec model, List<ProviderSpec> providers, List<String> catalogProviders,
                            Map<String, HealthSnapshot> health, Map<String, Retirement> retired) {
    public ResolvedModel {
        retired = retired == null ? Map.of() : retired;
    }

    public ResolvedModel(ModelSpec model, List<ProviderSpec> providers, List<String> catalogProviders,
                         Map<String, HealthSnapshot> health) {
        this(model, providers, catalogProviders, health, Map.of());
    }
}
