package io.mediagate.pipeline;

import io.mediagate.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** This service's feature packages depend on each other in one direction only (docs/architecture.md). */
class PackagesTest {
    @Test
    void theFeaturePackagesFormNoCycle() {
        PackageCycles.assertNone("io.mediagate.pipeline");
    }
}
