package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.testing.RepoPaths;
import org.junit.jupiter.api.Test;

/** docker-compose.yml parses and runs every service (k8s/: KubernetesManifestsTest). */
class DeploymentFilesTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void composeRunsEveryServiceAndItsInfrastructure() throws Exception {
        JsonNode compose = YAML.readTree(RepoPaths.root().resolve("docker-compose.yml").toFile());
        JsonNode services = compose.path("services");
        for (String svc : Suite.SERVICES) {
            assertTrue(services.has(svc), "compose lacks " + svc);
            assertTrue(services.path(svc).has("build") || services.path(svc).has("image"), svc + " has no image");
        }
        for (String infra : new String[] {"kafka", "postgres", "redis", "minio"}) {
            assertTrue(services.has(infra), "compose lacks " + infra);
        }
    }
}
