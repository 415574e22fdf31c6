package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.mediagate.testing.RepoPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** docker-compose.yml and k8s/ parse and deploy every service. */
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

    @Test
    void kubernetesHasADeploymentAndServicePerServiceAndSeparatePipelineStages() throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        try (Stream<Path> files = Files.list(RepoPaths.root().resolve("k8s"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                YAMLParser parser = new YAMLFactory().createParser(file.toFile());
                try (MappingIterator<JsonNode> it = YAML.readValues(parser, JsonNode.class)) {
                    while (it.hasNext()) {
                        JsonNode doc = it.next();
                        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
                            assertTrue(doc.has("apiVersion") && doc.has("kind"), file + " has a document without apiVersion/kind");
                            docs.add(doc);
                        }
                    }
                }
            }
        }
        Set<String> deployments = new HashSet<>();
        Set<String> services = new HashSet<>();
        for (JsonNode d : docs) {
            String name = d.path("metadata").path("name").asText();
            switch (d.path("kind").asText()) {
                case "Deployment" -> {
                    deployments.add(name);
                    // Probes reach health on the management port; the API port serves no /q/* at all.
                    for (JsonNode c : d.path("spec").path("template").path("spec").path("containers")) {
                        assertEquals("management", c.path("readinessProbe").path("httpGet").path("port").asText(), name);
                        assertEquals("management", c.path("livenessProbe").path("httpGet").path("port").asText(), name);
                        boolean declared = false;
                        for (JsonNode port : c.path("ports")) {
                            declared |= port.path("name").asText().equals("management") && port.path("containerPort").asInt() == 9000;
                        }
                        assertTrue(declared, name + " declares its management port 9000");
                    }
                }
                case "Service" -> services.add(name);
                default -> { }
            }
        }
        for (String svc : Suite.SERVICES) {
            if (!svc.equals("video-pipeline-service")) {
                assertTrue(deployments.contains(svc), "no Deployment for " + svc);
                assertTrue(services.contains(svc), "no Service for " + svc);
            }
        }
        for (String stage : new String[] {"transcode", "thumbnail", "storage"}) {
            assertTrue(deployments.contains("video-pipeline-" + stage), "no Deployment for pipeline stage " + stage);
        }
        assertEquals(1, docs.stream().filter(d -> d.path("kind").asText().equals("Secret")).count(),
                "one Secret template for credentials");
    }
}
