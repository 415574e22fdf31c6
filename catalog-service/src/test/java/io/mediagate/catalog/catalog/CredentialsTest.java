package io.mediagate.catalog.catalog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CredentialsTest {
    private static ProviderSpec provider(String keyEnv, boolean enabled) {
        return new ProviderSpec("bfl", "Black Forest Labs", "bfl", List.of("image"), enabled, null, keyEnv, Instant.EPOCH);
    }

    @AfterEach
    void clear() {
        System.clearProperty("MEDIAGATE_TEST_BFL_KEY");
    }

    @Test
    void aProviderWithoutItsCredentialIsDisabled() {
        assertFalse(Catalog.withCredentials(provider("MEDIAGATE_TEST_BFL_KEY", true)).enabled());
        System.setProperty("MEDIAGATE_TEST_BFL_KEY", " ");
        assertFalse(Catalog.withCredentials(provider("MEDIAGATE_TEST_BFL_KEY", true)).enabled(), "a blank key is no key");
    }

    @Test
    void aProviderWithItsCredentialOrWithoutNeedOfOneKeepsItsSetting() {
        System.setProperty("MEDIAGATE_TEST_BFL_KEY", "bfl-secret");
        assertTrue(Catalog.withCredentials(provider("MEDIAGATE_TEST_BFL_KEY", true)).enabled());
        assertFalse(Catalog.withCredentials(provider("MEDIAGATE_TEST_BFL_KEY", false)).enabled(), "disabled stays disabled");
        assertTrue(Catalog.withCredentials(provider(null, true)).enabled());
    }
}
