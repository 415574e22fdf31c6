package io.mediagate.common.quotes;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.events.GenerationRequest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * {@link QuotesApi} over HTTP. A quote reads the catalog and, for a video utility, its source video's length: {@link #TIMEOUT}
 * leaves room for that read.
 */
public final class QuotesApiClient implements QuotesApi {
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    private final InternalClients clients;
    private final QuotesRestClient rest;

    public QuotesApiClient(InternalClients clients, String base) {
        this.clients = clients;
        this.rest = clients.build(QuotesRestClient.class, base, TIMEOUT);
    }

    @Override
    public CompletableFuture<QuotedPlan> quote(GenerationRequest request, CallAs user) {
        return clients.call(user, TIMEOUT, bearer -> rest.quote(bearer, request)).thenApply(Envelope::result);
    }
}
