package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml kept true to the images and the code (k8s/: KubernetesManifestsTest): Compose's own reading of it
 * ({@link Compose}) validates, runs each service from the image {@code ./mediagate images} builds with the readiness probe
 * of its management port and the keys mounted read-only, and tells each service where everything it would otherwise
 * look for on 127.0.0.1 is. ContainersIT runs that probe in the images.
 */
class DeploymentFilesTest {
    private static final Pattern SETTING = Pattern.compile("\\$\\{(MEDIAGATE_[A-Z0-9_]+)(?::([^}]*))?}");

    @Test
    void composeValidatesAndRefusesToStartWithoutItsSecrets() throws Exception {
        Compose.Config config = Compose.config(Compose.SECRETS);
        assertEquals(0, config.exit(), config.output());
        for (String secret : Compose.SECRETS.keySet()) {
            Map<String, String> without = new HashMap<>(Compose.SECRETS);
            without.remove(secret);
            Compose.Config refused = Compose.config(without);
            assertNotEquals(0, refused.exit(), "compose starts without " + secret);
            assertTrue(refused.output().contains(secret), refused.output());
        }
    }

    @Test
    void composeRunsEveryServiceFromTheImageBuiltHereWithItsProbeAndItsKeys() throws Exception {
        JsonNode file = Compose.config(Compose.SECRETS).file();
        JsonNode services = file.path("services");
        for (String svc : Suite.SERVICES) {
            JsonNode service = services.path(svc);
            assertEquals("mediagate/" + svc + ":latest", service.path("image").asText(), "the tag ./mediagate images gives");
            assertEquals(svc, service.path("build").path("args").path("SERVICE").asText());
            assertEquals(RepoPaths.root().toString(), service.path("build").path("context").asText(), "the repository's Dockerfile");
            String probe = String.join(" ", Compose.healthcheck(file, svc));
            assertTrue(probe.contains("/q/health/ready") && probe.contains("MEDIAGATE_MANAGEMENT_PORT"), svc + ": " + probe);
            String keys = service.path("environment").path("MEDIAGATE_KEYS_DIR").asText();
            assertEquals("/keys", keys);
            assertTrue(StreamSupport.stream(service.path("volumes").spliterator(), false).map(JsonNode::asText)
                    .anyMatch(v -> v.endsWith(":" + keys + ":ro")), svc + " mounts the keys read-only: " + service.path("volumes"));
        }
        for (String infra : List.of("kafka", "postgres", "redis", "minio")) {
            assertTrue(services.has(infra), "compose lacks " + infra);
        }
    }

    /**
     * What a service would look for on 127.0.0.1 (its settings' defaults) is set in compose, but for what the Dockerfile
     * sets; what compose sets, some service reads; and each database compose names is one the PostgreSQL init creates.
     */
    @Test
    void composeTellsEveryServiceWhereItsInfrastructureAndPeersAre() throws Exception {
        JsonNode services = Compose.config(Compose.SECRETS).file().path("services");
        Set<String> image = dockerfileEnv();
        Map<String, String> common = settings(Files.readString(RepoPaths.root().resolve(
                "common/src/main/resources/META-INF/microprofile-config.properties")));
        Map<String, String> staging = settings(Files.readString(RepoPaths.root().resolve(
                "staging/src/main/resources/META-INF/microprofile-config.properties")));
        Set<String> read = new TreeSet<>();
        Set<String> databases = createdDatabases();
        for (String svc : Suite.SERVICES) {
            Map<String, String> own = new HashMap<>(common);
            own.putAll(settings(Files.readString(RepoPaths.root().resolve(svc + "/src/main/resources/application.properties"))));
            if (Files.readString(RepoPaths.root().resolve(svc + "/pom.xml")).contains("<artifactId>staging</artifactId>")) {
                own.putAll(staging); // the staging bucket's S3 settings
            }
            read.addAll(own.keySet());
            JsonNode env = services.path(svc).path("environment");
            for (Map.Entry<String, String> setting : own.entrySet()) {
                boolean local = setting.getValue() != null && (setting.getValue().contains("127.0.0.1") || setting.getValue().contains("localhost"));
                if (local && !image.contains(setting.getKey())) {
                    assertTrue(env.has(setting.getKey()), svc + " would look for " + setting.getKey() + " at " + setting.getValue());
                }
            }
            if (env.has("MEDIAGATE_DB_URL")) {
                String url = env.path("MEDIAGATE_DB_URL").asText();
                assertTrue(url.startsWith("jdbc:postgresql://postgres:5432/"), url);
                assertTrue(databases.contains(url.substring(url.lastIndexOf('/') + 1)), url + " is created by deploy/postgres-init.sql");
            }
        }
        for (String svc : Suite.SERVICES) {
            services.path(svc).path("environment").fieldNames().forEachRemaining(name ->
                    assertTrue(!name.startsWith("MEDIAGATE_") || read.contains(name), name + " (set for " + svc + ") is read by no service"));
        }
    }

    /** A properties file's MEDIAGATE_* settings and their defaults (null: none). */
    private static Map<String, String> settings(String properties) {
        Map<String, String> found = new HashMap<>();
        Matcher m = SETTING.matcher(properties);
        while (m.find()) {
            found.put(m.group(1), m.group(2));
        }
        return found;
    }

    /** The variables the Dockerfile's {@code ENV} gives every image. */
    private static Set<String> dockerfileEnv() throws IOException {
        return Files.readAllLines(RepoPaths.root().resolve("Dockerfile")).stream().filter(l -> l.startsWith("ENV "))
                .flatMap(l -> Pattern.compile("(\\w+)=").matcher(l).results().map(r -> r.group(1))).collect(Collectors.toSet());
    }

    private static Set<String> createdDatabases() throws IOException {
        Path init = RepoPaths.root().resolve("deploy/postgres-init.sql");
        return Pattern.compile("CREATE DATABASE (\\w+)").matcher(Files.readString(init)).results().map(r -> r.group(1))
                .collect(Collectors.toSet());
    }
}
