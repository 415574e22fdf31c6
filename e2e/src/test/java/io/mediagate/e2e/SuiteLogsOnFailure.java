package io.mediagate.e2e;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints, under a failed system test, the warnings and errors the services of the running suites logged: the test's own
 * assertion says what the caller saw (a 202 where a 200 was due, say), the services' logs why. Registered for every test
 * of this module (junit-platform.properties, META-INF/services).
 */
public final class SuiteLogsOnFailure implements TestWatcher {
    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        String troubles = Suite.recentTroubles();
        if (!troubles.isEmpty()) {
            System.out.println("=== " + context.getDisplayName() + " failed; what the services logged:\n" + troubles);
        }
    }
}
