package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.infra.FreePort;
import io.mediagate.testing.RepoPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every packaged service, started as a deployment starts it, refuses to run with a weak value of each secret it reads
 * and says which variable and why, before it touches its database or Kafka (both are unreachable here, so a service
 * that went on would fail otherwise, or hang).
 */
class WeakSecretsIT {
    /** One kind of weak value for each secret: the old manifests' placeholder, AWS's example key, patterns, short ones. */
    private static final Map<String, String> WEAK = Map.of(
            "MEDIAGATE_ADMIN_KEY", "replace-from-your-secret-manager",
            "MEDIAGATE_DB_PASSWORD", "postgres",
            "MEDIAGATE_S3_ACCESS_KEY", "AKIAIOSFODNN7EXAMPLE",
            "MEDIAGATE_S3_SECRET_KEY", "a".repeat(40),
            "MEDIAGATE_KAFKA_PASSWORD", "abcdefghijklmnopqrstuvwxyz0123456789",
            "MEDIAGATE_REDIS_PASSWORD", "changeme".repeat(5));

    @Test
    void everyServiceRefusesToStartWithAWeakValueOfEachSecretItReads(@TempDir Path logs) throws Exception {
        for (String service : Suite.SERVICES) {
            Set<String> reads = ServiceSettings.secrets(service);
            assertTrue(reads.contains("MEDIAGATE_KAFKA_PASSWORD"), service + " reads " + reads);
            Map<String, String> env = new HashMap<>();
            reads.forEach(name -> env.put(name, WEAK.get(name)));
            env.put("MEDIAGATE_KAFKA", "127.0.0.1:1");
            env.put("MEDIAGATE_REDIS", "redis://127.0.0.1:1");
            env.put("MEDIAGATE_DB_URL", "jdbc:postgresql://127.0.0.1:1/none");
            env.put("MEDIAGATE_KEYS_DIR", logs.resolve("no-keys").toString());
            String output = start(service, env, logs.resolve(service + ".log"));
            assertTrue(output.contains("refusing to start: "), service + ":\n" + output);
            for (String name : reads) {
                assertTrue(output.contains(name + " ("), service + " names " + name + ":\n" + output);
            }
            assertFalse(output.contains("Flyway"), service + " refused before migrating its database:\n" + output);
        }
    }

    /** The service's output, once it has ended (it must, and not well). */
    private static String start(String service, Map<String, String> env, Path log) throws Exception {
        int port = FreePort.find(2);
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-Dquarkus.http.port=" + port, "-Dquarkus.management.port=" + (port + 1), "-jar",
                RepoPaths.root().resolve(service + "/target/quarkus-app/quarkus-run.jar").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        boolean ended = process.waitFor(2, TimeUnit.MINUTES);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertTrue(ended, service + " started with weak secrets:\n" + output);
        assertNotEquals(0, process.exitValue(), service + ":\n" + output);
        return output;
    }
}
