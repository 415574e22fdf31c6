package io.mediagate.provenance;

import io.mediagate.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The module's packages (jumbf, cose, manifest, formats) depend on each other in one direction only. */
class PackagesTest {
    @Test
    void thePackagesFormNoCycle() {
        PackageCycles.assertNone("io.mediagate.provenance");
    }
}
