package io.mediagate.routing.adapters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** Routing wires an adapter for exactly the names the catalog accepts, so no catalog provider is silently unroutable. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class AdaptersIT {
    @Inject
    Adapters adapters;

    @Test
    void everyAdapterNameTheCatalogAcceptsIsWiredAndNoOther() {
        assertEquals(AdapterKind.names(), adapters.names());
    }
}
