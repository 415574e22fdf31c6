package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.URI;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

class AuthTest {
    private static String sent(Auth auth, String credential, String header) {
        return auth.with(credential).sign(HttpRequest.newBuilder(URI.create("https://example.com/"))).build().headers()
                .firstValue(header).orElse(null);
    }

    @Test
    void eachSchemeCarriesTheCredentialAsItsProviderTakesIt() {
        assertEquals("Bearer sk-1", sent(Auth.bearer(), "sk-1", "Authorization"));
        assertEquals("Key fal-1", sent(Auth.header("Authorization", "Key "), "fal-1", "Authorization"));
        assertEquals("g-1", sent(Auth.header("x-goog-api-key"), "g-1", "x-goog-api-key"));
        assertEquals("Basic dXNlcjpwYXNz", sent(Auth.basic(), "user:pass", "Authorization"));
    }

    @Test
    void aCredentialNeverPrintsItsValue() {
        assertFalse(Auth.bearer().with("sk-secret").toString().contains("sk-secret"));
    }
}
