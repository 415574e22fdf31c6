package io.mediagate.common.jobs;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link JobsApi} over HTTP: reads from routing's store, so {@link #TIMEOUT} is short. */
public final class JobsApiClient implements JobsApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalClients clients;
    private final JobsRestClient rest;

    public JobsApiClient(InternalClients clients, String base) {
        this.clients = clients;
        this.rest = clients.build(JobsRestClient.class, base, TIMEOUT.plus(MAX_WAIT));
    }

    @Override
    public CompletableFuture<JobView> read(String id, CallAs user) {
        return clients.call(user, TIMEOUT, bearer -> rest.read(bearer, id)).thenApply(answer -> answer.result().job());
    }

    @Override
    public CompletableFuture<JobView> cancel(String id, CallAs user) {
        return clients.call(user, TIMEOUT, bearer -> rest.cancel(bearer, id)).thenApply(answer -> answer.result().job());
    }

    /** A long poll: the call's timeout is the wait plus the usual one. */
    @Override
    public CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait) {
        return clients.call(user, TIMEOUT.plus(wait), bearer -> rest.events(bearer, id, after, wait.toMillis()))
                .thenApply(Envelope::result);
    }

    @Override
    public CompletableFuture<JobList> list(CallAs user, String kind, String after, String limit, String order) {
        return clients.call(user, TIMEOUT, bearer -> rest.list(bearer, kind, after, limit, order)).thenApply(Envelope::result);
    }
}
