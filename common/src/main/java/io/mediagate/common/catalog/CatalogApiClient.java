package io.mediagate.common.catalog;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** {@link CatalogApi} over HTTP, made as the service {@code self}: a lookup in memory there, so {@link #TIMEOUT} is short. */
public final class CatalogApiClient implements CatalogApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalClients clients;
    private final CatalogRestClient rest;
    private final CallAs self;

    public CatalogApiClient(InternalClients clients, String base, CallAs self) {
        this.clients = clients;
        this.rest = clients.build(CatalogRestClient.class, base, TIMEOUT);
        this.self = self;
    }

    @Override
    public CompletableFuture<ResolvedModel> resolve(String modelId) {
        return clients.call(self, TIMEOUT, bearer -> rest.resolve(bearer, modelId));
    }

    @Override
    public CompletableFuture<List<ModelLifecycle>> lifecycles() {
        return clients.call(self, TIMEOUT, rest::lifecycles);
    }
}
