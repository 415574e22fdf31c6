package io.mediagate.common.usage;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link UsageApi} over HTTP: one query of the ledger, so {@link #TIMEOUT} is short. */
public final class UsageApiClient implements UsageApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalClients clients;
    private final UsageRestClient rest;

    public UsageApiClient(InternalClients clients, String base) {
        this.clients = clients;
        this.rest = clients.build(UsageRestClient.class, base, TIMEOUT);
    }

    @Override
    public CompletableFuture<UsageReport> report(CallAs user, String days) {
        return clients.call(user, TIMEOUT, bearer -> rest.report(bearer, days));
    }
}
