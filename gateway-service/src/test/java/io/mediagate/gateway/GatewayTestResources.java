package io.mediagate.gateway;

import io.mediagate.gateway.generation.FakeCatalog;
import io.mediagate.gateway.forward.FakeMedia;
import io.mediagate.gateway.jobs.FakeRouting;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * The infrastructure of every gateway test, declared once: Quarkus test resources apply to all tests
 * of the module, so every {@code @QuarkusTest} here shares one application start. No owner services
 * run in these tests: reads forwarded to them fail cleanly with 503, except the jobs a test gives routing's fake
 * ({@link FakeRouting}), the models a test gives catalog-service's ({@link FakeCatalog}) and one file of media-service's
 * ({@link FakeMedia}).
 */
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "gateway"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "config:mediagate.admin.key", value = GatewayTestResources.ADMIN_KEY),
        @ResourceArg(name = "config:mediagate.auth.last-used-flush", value = "1s"),
        @ResourceArg(name = "config:mediagate.streams.key-check", value = "1s"),
        @ResourceArg(name = "config:mediagate.streams.stall-timeout", value = "3s")})
@QuarkusTestResource(FakeRouting.class)
@QuarkusTestResource(FakeCatalog.class)
@QuarkusTestResource(FakeMedia.class)
public final class GatewayTestResources {
    /** The administrator key of the gateway under test (test-only value). */
    public static final String ADMIN_KEY = "mg_admin_test_only_0123456789abcdef";

    private GatewayTestResources() {
    }
}
