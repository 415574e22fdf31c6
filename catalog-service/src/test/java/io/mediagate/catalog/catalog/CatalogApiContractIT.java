package io.mediagate.catalog.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.CatalogApiClient;
import io.mediagate.common.catalog.CatalogRestClient;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.tier.Tier;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The catalog client routing and the gateway use ({@link CatalogApiClient}) against catalog-service's own resource. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "catalog"), @ResourceArg(name = "db", value = "false"),
        @ResourceArg(name = "kafka", value = "true")})
class CatalogApiContractIT {
    @Inject
    InternalClients clients;
    @Inject
    Catalog catalog;
    @TestHTTPResource("/")
    URL base;

    private CatalogApi catalogApi(CallAs as) {
        return new CatalogApiClient(clients, base.toString(), as);
    }

    @Test
    void aModelResolvesWithItsOffersTheirProvidersAndTheirHealth() {
        ResolvedModel resolved = InternalHttp.await(catalogApi(CallAs.service("routing-service")).resolve("LOCAL/pattern"));
        assertEquals("local/pattern", resolved.model().id(), "ids are matched in any case");
        assertEquals(catalog.model("local/pattern").orElseThrow().offers(), resolved.model().offers(),
                "every offer with its prices and options, as the catalog declares it");
        for (OfferSpec offer : resolved.model().offers()) {
            assertTrue(resolved.providers().stream().anyMatch(p -> p.id().equals(offer.provider())), offer.provider());
            assertTrue(resolved.health().containsKey(offer.provider()), offer.provider());
        }
        assertFalse(resolved.catalogProviders().isEmpty());
    }

    @Test
    void anUnknownModelIsModelNotFoundAndAUserMayNotResolve() {
        ApiException unknown = assertThrows(ApiException.class,
                () -> InternalHttp.await(catalogApi(CallAs.service("routing-service")).resolve("nobody/nothing")));
        assertEquals(ErrorCode.MODEL_NOT_FOUND, unknown.code());
        assertEquals("model", unknown.param());
        ApiException user = assertThrows(ApiException.class,
                () -> InternalHttp.await(catalogApi(CallAs.user("usr_a", Tier.FREE)).resolve("local/pattern")));
        assertEquals(403, user.code().status());
    }

    @Test
    void theLifecyclesAreEveryModelGoingAsAWholeAndAUserMayNotReadThem() {
        var lifecycles = InternalHttp.await(catalogApi(CallAs.service("routing-service")).lifecycles());
        assertEquals(catalog.models().stream().filter(m -> m.overallLifecycle() != null).map(m -> m.id()).toList(),
                lifecycles.stream().map(io.mediagate.common.catalog.ModelLifecycle::model).toList());
        lifecycles.forEach(l -> assertEquals(catalog.model(l.model()).orElseThrow().overallLifecycle(), l.lifecycle(), l.model()));
        ApiException user = assertThrows(ApiException.class,
                () -> InternalHttp.await(catalogApi(CallAs.user("usr_a", Tier.FREE)).lifecycles()));
        assertEquals(403, user.code().status());
    }

    @Test
    void anOwnerNotThereIsServiceUnavailableAndSoIsAnAnswerPastTheCallsDeadline() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        CatalogApi gone = new CatalogApiClient(clients, "http://127.0.0.1:" + closed, CallAs.service("routing-service"));
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE,
                assertThrows(ApiException.class, () -> InternalHttp.await(gone.resolve("local/pattern"))).code());
        try (ServerSocket silent = new ServerSocket(0)) {
            // Takes the connection and never answers: the call ends at its own deadline, not the client's minute.
            CatalogRestClient rest = clients.build(CatalogRestClient.class, "http://127.0.0.1:" + silent.getLocalPort(), Duration.ofMinutes(1));
            long start = System.nanoTime();
            CompletableFuture<List<ModelLifecycle>> late = clients.call(CallAs.service("routing-service"), Duration.ofMillis(500), rest::lifecycles);
            assertEquals(ErrorCode.SERVICE_UNAVAILABLE, assertThrows(ApiException.class, () -> InternalHttp.await(late)).code());
            assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(30)) < 0, "ended by the call's deadline");
        }
    }
}
