package io.mediagate.common.catalog;

import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.calls.PathTemplate;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link CatalogApi} over HTTP, made as the service {@code self}: a lookup in memory there, so {@link #TIMEOUT} is short. */
public final class CatalogApiClient implements CatalogApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalHttp http;
    private final String base;
    private final CallAs self;

    public CatalogApiClient(InternalHttp http, String base, CallAs self) {
        this.http = http;
        this.base = base;
        this.self = self;
    }

    @Override
    public CompletableFuture<ResolvedModel> resolve(String modelId) {
        return http.json(Call.get(PathTemplate.at(base, ROOT + "/" + MODEL, modelId), self, TIMEOUT), ResolvedModel.class);
    }

    @Override
    public CompletableFuture<java.util.List<ModelLifecycle>> lifecycles() {
        return http.json(Call.get(PathTemplate.at(base, LIFECYCLES), self, TIMEOUT), http.type(java.util.List.class, ModelLifecycle.class));
    }
}
