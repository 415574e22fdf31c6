package io.mediagate.common.catalog;

import java.util.concurrent.CompletableFuture;

/**
 * catalog-service's internal API, as its resource serves it and {@link CatalogApiClient} calls it: a model with
 * everything needed to route and price a request for it ({@link ResolvedModel}); 404 {@code model_not_found}
 * for a model the catalog does not know; and every model whose lifecycle is announced ({@link ModelLifecycle}). Services only.
 */
public interface CatalogApi {
    String ROOT = "/internal/v1/models";
    /** Under {@link #ROOT}: {@code GET}, one model by id (its {@code /} encoded or not). */
    String MODEL = "{id: .+}";
    /** {@code GET}: the models with a lifecycle announced, as a JSON list of {@link ModelLifecycle}. */
    String LIFECYCLES = "/internal/v1/lifecycles";

    CompletableFuture<ResolvedModel> resolve(String modelId);

    CompletableFuture<java.util.List<ModelLifecycle>> lifecycles();
}
