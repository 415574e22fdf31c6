package io.mediagate.common.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each kind of weak secret is refused at start, naming the variable an operator sets and why; what the local run, the
 * tests and {@code openssl rand} make passes; an unset setting is not checked.
 */
class SecretSettingsTest {
    private static final SecureRandom RANDOM = new SecureRandom();

    private static List<String> problems(String property, String value) {
        return SecretSettings.problems(name -> Optional.ofNullable(Map.of(property, value).get(name)));
    }

    private static void refused(String property, String variable, String value, String why) {
        List<String> problems = problems(property, value);
        assertEquals(1, problems.size(), property + "=" + value + ": " + problems);
        assertTrue(problems.getFirst().startsWith(variable + " (" + property + ") cannot be used: "), problems.getFirst());
        assertTrue(problems.getFirst().contains(why), problems.getFirst());
    }

    @Test
    void everySecretSettingRefusesThePlaceholderTheManifestsOnceShippedAndShortOrObviouslyPatternedValues() {
        Map<String, String> keys = Map.of("mediagate.admin.key", "MEDIAGATE_ADMIN_KEY", "quarkus.datasource.password", "MEDIAGATE_DB_PASSWORD",
                "mediagate.s3.secret-key", "MEDIAGATE_S3_SECRET_KEY", "mediagate.kafka.password", "MEDIAGATE_KAFKA_PASSWORD",
                "quarkus.redis.password", "MEDIAGATE_REDIS_PASSWORD");
        keys.forEach((property, variable) -> {
            refused(property, variable, "replace-from-your-secret-manager", "placeholder");
            refused(property, variable, "changeme", "placeholder");
            refused(property, variable, "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "placeholder");
            refused(property, variable, "s3cr3t-but-short", "16 characters long, fewer than the 32");
            refused(property, variable, "a".repeat(40), "only 1 different characters");
            refused(property, variable, "abcdefghijklmnopqrstuvwxyz0123456789", "follow on from the one before");
            refused(property, variable, "hunter2!".repeat(5), "repeats a short piece");
            refused(property, variable, "ab12".repeat(10), "only 4 different characters");
            refused(property, variable, "Tr0ub4dor&3".repeat(4), "repeats a short piece");
        });
    }

    @Test
    void anAccessKeyIdIsAnAccountsNameAndOnlyADocumentedOneIsRefused() {
        refused("mediagate.s3.access-key", "MEDIAGATE_S3_ACCESS_KEY", "AKIAIOSFODNN7EXAMPLE", "placeholder");
        refused("mediagate.s3.access-key", "MEDIAGATE_S3_ACCESS_KEY", "minioadmin", "placeholder");
        assertEquals(List.of(), problems("mediagate.s3.access-key", "AKIA2OGYBAH6STMJQ7PX"), "a real AWS access key id");
        assertEquals(List.of(), problems("mediagate.s3.access-key", "mediagate"), "the local run's S3 user");
    }

    @Test
    void theKafkaPasswordMustFitBetweenTheQuotesOfItsJaasLine() {
        String random = Base64.getEncoder().encodeToString(bytes(32));
        refused("mediagate.kafka.password", "MEDIAGATE_KAFKA_PASSWORD", random + "\"", "double quote");
        refused("mediagate.kafka.password", "MEDIAGATE_KAFKA_PASSWORD", random + "\\", "backslash");
    }

    /**
     * Random values of each kind pass. Drawn from a fixed seed: a random 32-hex secret has about a 1-in-100,000 chance of
     * half its neighbours being equal or adjacent (the rule's "follows on"), which 2,000 fresh draws a run would meet in
     * about one run in fifty; the same 8,000 values every run keep the check and lose the flakiness.
     */
    @Test
    void randomValuesAsTheLocalRunTheTestsAndOpensslMakeThemPass() {
        java.util.Random seeded = new java.util.Random(55);
        for (int i = 0; i < 2000; i++) {
            for (String value : List.of(Base64.getEncoder().encodeToString(bytes(seeded, 32)), // openssl rand -base64 32
                    HexFormat.of().formatHex(bytes(seeded, 16)), // 32 hex characters, the shortest a hex secret may be
                    "mg_admin_" + HexFormat.of().formatHex(bytes(seeded, 32)), // ./mediagate up's admin key
                    new UUID(seeded.nextLong(), seeded.nextLong()).toString())) { // the tests' S3 secret (a UUID's characters)
                assertEquals(Optional.empty(), SecretRules.weakness(value), value);
            }
        }
    }

    @Test
    void unsetAndEmptySettingsAreNotChecked() {
        assertEquals(List.of(), SecretSettings.problems(name -> Optional.empty()));
        assertEquals(List.of(), problems("quarkus.datasource.password", ""), "PostgreSQL trusting 127.0.0.1 in the local runs");
    }

    @Test
    void everyWeakSettingIsNamedAtOnce() {
        Map<String, String> config = Map.of("mediagate.admin.key", "admin", "mediagate.s3.secret-key", "minioadmin");
        List<String> problems = SecretSettings.problems(name -> Optional.ofNullable(config.get(name)));
        assertEquals(2, problems.size(), problems.toString());
    }

    private static byte[] bytes(int n) {
        return bytes(RANDOM, n);
    }

    private static byte[] bytes(java.util.Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
