package io.mediagate.testing;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.Set;

/** Signs internal tokens in tests, as the gateway would, with the test key pair. */
public final class TestTokens {
    private TestTokens() {
    }

    public static String bearer(String subject, String tier, Set<String> groups) {
        return "Bearer " + sign(subject, tier, groups, Duration.ofSeconds(60), TestInfra.get().keys().resolve("internal-private.pem"));
    }

    public static String sign(String subject, String tier, Set<String> groups, Duration lifetime, Path privateKey) {
        try {
            PrivateKey key = KeyUtils.decodePrivateKey(Files.readString(privateKey));
            return Jwt.issuer("mediagate").audience("mediagate-internal").subject(subject).groups(groups)
                    .claim("tier", tier).expiresIn(lifetime).sign(key);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
