package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * docker-compose.yml kept true to the images and the code (k8s/: KubernetesManifestsTest, KubernetesSecurityTest):
 * Compose's own reading of it ({@link Compose}) validates, runs each service from the image {@code ./mediagate images}
 * builds with the readiness probe of its management port and the keys mounted read-only, tells each service where
 * everything it would otherwise look for on 127.0.0.1 is, gives each only the secrets it reads and no superuser's, and
 * runs it without privileges; Kafka and Redis ask a login. ContainersIT runs that probe in the images.
 */
class DeploymentFilesTest {
    private static final Set<String> SERVICES = Set.copyOf(Suite.SERVICES);

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
        Set<String> read = new TreeSet<>();
        Set<String> databases = createdDatabases();
        for (String svc : Suite.SERVICES) {
            Map<String, String> own = ServiceSettings.settings(svc);
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
                String database = url.substring(url.lastIndexOf('/') + 1);
                assertTrue(databases.contains(database), url + " is created by deploy/postgres-init.sh");
                assertEquals(database, env.path("MEDIAGATE_DB_USER").asText(), svc + " logs in as its database's owner, not the superuser");
            }
        }
        for (String svc : Suite.SERVICES) {
            services.path(svc).path("environment").fieldNames().forEachRemaining(name ->
                    assertTrue(!name.startsWith("MEDIAGATE_") || read.contains(name), name + " (set for " + svc + ") is read by no service"));
        }
    }

    /** Each service gets the secrets it reads from .env and no other, none of them a superuser's (PostgreSQL, MinIO, Kafka). */
    @Test
    void composeGivesEachServiceTheSecretsItReadsAndNoSuperusersOnes() throws Exception {
        JsonNode file = Compose.config(Compose.SECRETS).file();
        Set<String> superusers = Set.of(Compose.SECRETS.get("POSTGRES_PASSWORD"), Compose.SECRETS.get("MINIO_ROOT_PASSWORD"),
                Compose.SECRETS.get("KAFKA_ADMIN_PASSWORD"));
        Map<String, String> used = new HashMap<>();
        for (String svc : Suite.SERVICES) {
            JsonNode env = file.path("services").path(svc).path("environment");
            Set<String> given = new TreeSet<>();
            env.properties().forEach(e -> {
                if (ServiceSettings.SECRETS.contains(e.getKey())) {
                    given.add(e.getKey());
                }
                assertFalse(superusers.contains(e.getValue().asText()), svc + " is given a superuser's password in " + e.getKey());
                if (e.getKey().endsWith("_PASSWORD") || e.getKey().equals("MEDIAGATE_S3_SECRET_KEY")) {
                    assertTrue(Compose.SECRETS.containsValue(e.getValue().asText()), svc + " " + e.getKey() + " comes from .env");
                }
            });
            assertEquals(ServiceSettings.secrets(svc), given, svc + ": the secrets it reads, and only those");
            for (String password : List.of("MEDIAGATE_DB_PASSWORD", "MEDIAGATE_KAFKA_PASSWORD")) {
                if (env.has(password)) {
                    String other = used.put(env.path(password).asText(), svc);
                    assertTrue(other == null, svc + " and " + other + " share " + password + ": one login each");
                }
            }
            if (env.has("MEDIAGATE_S3_ACCESS_KEY")) {
                assertNotEquals(file.path("services").path("minio").path("environment").path("MINIO_ROOT_USER").asText(),
                        env.path("MEDIAGATE_S3_ACCESS_KEY").asText(), svc + " uses MinIO's account for Mediagate, not its root");
            }
        }
    }

    /** No service may gain a privilege, change its own files or keep a capability; no container may gain a privilege. */
    @Test
    void composeRunsEveryServiceWithoutPrivilegesOnAReadOnlyRootFilesystem() throws Exception {
        JsonNode services = Compose.config(Compose.SECRETS).file().path("services");
        services.properties().forEach(entry -> {
            String name = entry.getKey();
            JsonNode service = entry.getValue();
            assertTrue(service.path("security_opt").toString().contains("no-new-privileges:true"), name + ": no-new-privileges");
            assertFalse(service.path("privileged").asBoolean(false), name + ": privileged");
            assertEquals("[\"ALL\"]", service.path("cap_drop").toString(), name + " drops every capability");
            if (SERVICES.contains(name)) {
                assertTrue(service.path("read_only").asBoolean(false), name + ": a read-only root filesystem");
                assertTrue(service.path("cap_add").isEmpty(), name + " adds no capability");
                assertTrue(service.path("tmpfs").toString().matches(".*\"/tmp:[^\"]*\\bexec\\b.*"),
                        name + ": a writable /tmp the packed ffmpeg can run from: " + service.path("tmpfs"));
                assertFalse(service.has("user"), name + " runs as its image's user");
            }
        });
    }

    /** Kafka authenticates and authorises every client, each service as its own principal; Redis asks a password. */
    @Test
    void composeRunsKafkaAndRedisWithLogins() throws Exception {
        JsonNode services = Compose.config(Compose.SECRETS).file().path("services");
        JsonNode kafka = services.path("kafka").path("environment");
        for (String listener : kafka.path("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP").asText().split(",")) {
            assertTrue(listener.split(":")[1].startsWith("SASL_"), "every listener asks a login: " + listener);
        }
        assertEquals("org.apache.kafka.metadata.authorizer.StandardAuthorizer", kafka.path("KAFKA_AUTHORIZER_CLASS_NAME").asText());
        assertEquals("User:admin", kafka.path("KAFKA_SUPER_USERS").asText());
        String setup = Files.readString(RepoPaths.root().resolve("k8s/base/kafka-setup.sh"));
        JsonNode setupEnv = services.path("kafka-setup").path("environment");
        assertTrue(services.path("kafka-setup").path("volumes").toString().contains("k8s/base/kafka-setup.sh"), "the Job's script");
        for (String svc : Suite.SERVICES) {
            JsonNode env = services.path(svc).path("environment");
            assertTrue(env.path("MEDIAGATE_KAFKA_SECURITY_PROTOCOL").asText().startsWith("SASL_"), svc);
            String principal = env.path("MEDIAGATE_KAFKA_USER").asText();
            assertEquals(svc, principal, svc + "'s Kafka principal");
            Matcher login = Pattern.compile("login " + principal + " \"\\$\\{(\\w+):-}\"").matcher(setup);
            assertTrue(login.find(), "kafka-setup.sh makes " + principal + "'s login");
            assertEquals(env.path("MEDIAGATE_KAFKA_PASSWORD").asText(), setupEnv.path(login.group(1)).asText(),
                    "kafka-setup makes " + principal + "'s login with the password " + svc + " is given");
            assertTrue(setup.contains("acl " + principal + " "), "kafka-setup.sh gives " + principal + " its ACLs");
        }
        String redis = services.path("redis").path("command").toString();
        assertTrue(redis.contains("--requirepass") && redis.contains(Compose.SECRETS.get("REDIS_PASSWORD")), redis);
        assertEquals(Compose.SECRETS.get("REDIS_PASSWORD"),
                services.path("gateway-service").path("environment").path("MEDIAGATE_REDIS_PASSWORD").asText());
    }

    /** The variables the Dockerfile's {@code ENV} gives every image. */
    private static Set<String> dockerfileEnv() throws IOException {
        return Files.readAllLines(RepoPaths.root().resolve("Dockerfile")).stream().filter(l -> l.startsWith("ENV "))
                .flatMap(l -> Pattern.compile("(\\w+)=").matcher(l).results().map(r -> r.group(1))).collect(Collectors.toSet());
    }

    /** The databases deploy/postgres-init.sh creates (each owned by a login of the same name). */
    private static Set<String> createdDatabases() throws IOException {
        Path init = RepoPaths.root().resolve("deploy/postgres-init.sh");
        return Pattern.compile("(?m)^service_database (\\w+)$").matcher(Files.readString(init)).results().map(r -> "mediagate_" + r.group(1))
                .collect(Collectors.toSet());
    }
}
