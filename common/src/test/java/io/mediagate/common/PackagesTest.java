package io.mediagate.common;

import io.mediagate.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** This module's packages depend on each other in one direction only, at every level (docs/architecture.md). */
class PackagesTest {
    @Test
    void itsPackagesFormNoCycle() {
        PackageCycles.assertNone("io.mediagate.common");
    }
}
