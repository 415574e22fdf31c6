package io.mediagate.gateway.forward;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.CatalogApiClient;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.jobs.JobsApiClient;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.quotes.QuotesApi;
import io.mediagate.common.quotes.QuotesApiClient;
import io.mediagate.common.usage.UsageApi;
import io.mediagate.common.usage.UsageApiClient;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The owning services' APIs as the gateway calls them when it assembles an answer itself (reads it relays
 * unchanged go through {@link Forwarder}): one typed client each, at the owner's configured address.
 */
@Singleton
class OwnerApis {
    /** What the gateway signs as when it calls as itself (keeping a caller's upload, resolving a model). */
    private static final CallAs SELF = CallAs.service("gateway-service");

    @Produces
    @Singleton
    MediaApi media(InternalClients clients, InternalHttp http, Owners owners) {
        return new MediaApiClient(clients, http, owners.media(), SELF);
    }

    @Produces
    @Singleton
    CatalogApi catalog(InternalClients clients, Owners owners) {
        return new CatalogApiClient(clients, owners.catalog(), SELF);
    }

    @Produces
    @Singleton
    JobsApi jobs(InternalClients clients, Owners owners) {
        return new JobsApiClient(clients, owners.routing());
    }

    @Produces
    @Singleton
    QuotesApi quotes(InternalClients clients, Owners owners) {
        return new QuotesApiClient(clients, owners.routing());
    }

    @Produces
    @Singleton
    UsageApi usage(InternalClients clients, Owners owners) {
        return new UsageApiClient(clients, owners.usage());
    }
}
