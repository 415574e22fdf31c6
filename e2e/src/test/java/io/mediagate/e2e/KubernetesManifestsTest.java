package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.testing.NodePackages;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * k8s/ as teams deploy it: every overlay (and the base) renders with kustomize, its secrets written as an operator
 * writes them ({@link Kustomized}), every rendered object is valid against the Kubernetes
 * and KEDA schemas ({@code e2e/src/test/k8s/validate.mjs}, run with Node), and together the objects run
 * Mediagate as it must run: a Deployment, Service and disruption budget per service, the gateway and
 * media-service scaled on CPU, routing and every pipeline stage scaled on the lag of the consumer group
 * the code really uses, never beyond the partitions the topics Job creates, and only the gateway open
 * to the outside.
 */
class KubernetesManifestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SERVICES = List.of("gateway-service", "routing-service", "catalog-service",
            "media-service", "usage-service");
    /** Each pipeline stage's input topic (the stages' Step.input()). */
    private static final Map<String, String> STAGE_INPUTS = Map.of("transcode", "video.generated",
            "thumbnail", "video.transcoded", "storage", "video.thumbnailed");
    private static final Pattern CREATE = Pattern.compile("(?m)^\\s*create (\\S+) (\\d+)(?:\\s+--config \\S+)*\\s*$");
    private static final Map<String, List<JsonNode>> RENDERED = new TreeMap<>();

    @BeforeAll
    static void render() throws Exception {
        List<String> targets = Kustomized.targets();
        assertTrue(targets.size() >= 3, "the base and at least two overlays: " + targets);
        for (String target : targets) {
            RENDERED.put(target, Kustomized.render(target));
        }
    }

    @Test
    void everyObjectOfEveryOverlayMatchesTheKubernetesAndKedaSchemas() throws Exception {
        Path validator = validator();
        for (var overlay : RENDERED.entrySet()) {
            List<JsonNode> objects = new ArrayList<>();
            for (JsonNode object : overlay.getValue()) {
                JsonNode copy = object.deepCopy();
                // kustomize folds a key file's base64 over lines; the API server's decoder skips the line breaks, the
                // schema's "byte" format does not.
                if (copy.path("kind").asText().equals("Secret")) {
                    copy.path("data").properties().forEach(e -> e.setValue(JSON.getNodeFactory().textNode(e.getValue().asText().replaceAll("\\s", ""))));
                }
                objects.add(copy);
            }
            Run run = run(JSON.writeValueAsString(objects), "node", validator.resolve("validate.mjs").toString());
            assertEquals(0, run.exit(), overlay.getKey() + ":\n" + run.output());
            assertEquals(overlay.getValue().size(), run.output().lines().filter(l -> l.startsWith("ok ")).count(),
                    overlay.getKey() + ": every object checked\n" + run.output());
        }
    }

    @Test
    void everyServiceAndStageHasADeploymentProbedOnItsManagementPortAndOneDisruptionBudget() {
        for (var overlay : RENDERED.entrySet()) {
            List<JsonNode> objects = overlay.getValue();
            Map<String, JsonNode> deployments = byName(objects, "Deployment");
            Set<String> services = byName(objects, "Service").keySet();
            List<String> expected = new ArrayList<>(SERVICES);
            STAGE_INPUTS.keySet().forEach(stage -> expected.add("video-pipeline-" + stage));
            assertTrue(deployments.keySet().containsAll(expected), overlay.getKey() + ": " + deployments.keySet());
            assertTrue(services.containsAll(SERVICES), overlay.getKey() + ": " + services);
            for (var deployment : deployments.entrySet()) {
                String where = overlay.getKey() + " " + deployment.getKey();
                JsonNode pod = deployment.getValue().path("spec").path("template");
                for (JsonNode c : pod.path("spec").path("containers")) {
                    assertEquals("management", c.path("readinessProbe").path("httpGet").path("port").asText(), where);
                    assertEquals("management", c.path("livenessProbe").path("httpGet").path("port").asText(), where);
                    assertTrue(hasPort(c, "management", 9000), where + " declares its management port 9000");
                }
                long budgets = objects.stream().filter(o -> kind(o, "PodDisruptionBudget"))
                        .filter(b -> selects(b.path("spec").path("selector").path("matchLabels"), pod.path("metadata").path("labels")))
                        .count();
                assertEquals(1, budgets, where + ": one PodDisruptionBudget selects its pods");
            }
            for (String stage : STAGE_INPUTS.keySet()) {
                assertEquals(stage, env(deployments.get("video-pipeline-" + stage), "MEDIAGATE_PIPELINE_STAGES"),
                        overlay.getKey() + ": the stage's Deployment runs only that stage");
            }
        }
    }

    @Test
    void theGatewayAndMediaScaleOnCpuAndRoutingAndEveryStageOnTheirConsumerGroupsLagWithinThePartitions() throws Exception {
        String routingGroup = properties("routing-service").getProperty("mp.messaging.incoming.generation-requests.group.id");
        assertNotNull(routingGroup);
        for (var overlay : RENDERED.entrySet()) {
            String where = overlay.getKey();
            List<JsonNode> objects = overlay.getValue();
            Map<String, JsonNode> deployments = byName(objects, "Deployment");
            Map<String, Integer> partitions = partitions(objects);
            String kafka = byName(objects, "ConfigMap").get("mediagate-config").path("data").path("MEDIAGATE_KAFKA").asText();
            Set<String> autoscaled = new HashSet<>();

            for (JsonNode hpa : byName(objects, "HorizontalPodAutoscaler").values()) {
                String target = hpa.path("spec").path("scaleTargetRef").path("name").asText();
                assertTrue(deployments.containsKey(target), where + ": HPA of a missing Deployment " + target);
                assertEquals("cpu", hpa.path("spec").path("metrics").path(0).path("resource").path("name").asText(), where + " " + target);
                assertTrue(autoscaled.add(target), where + ": " + target + " has two autoscalers");
            }
            assertTrue(autoscaled.containsAll(List.of("gateway-service", "media-service")), where + ": " + autoscaled);

            Map<String, String> expectedGroups = new HashMap<>();
            Map<String, String> expectedTopics = new HashMap<>();
            expectedGroups.put("routing-service", routingGroup);
            expectedTopics.put("routing-service", "generation.requests");
            STAGE_INPUTS.forEach((stage, topic) -> {
                // A stage's consumers join the group pipeline-<stage> (pipeline Workers).
                expectedGroups.put("video-pipeline-" + stage, "pipeline-" + stage);
                expectedTopics.put("video-pipeline-" + stage, topic);
            });
            for (JsonNode scaled : byName(objects, "ScaledObject").values()) {
                String target = scaled.path("spec").path("scaleTargetRef").path("name").asText();
                assertTrue(deployments.containsKey(target), where + ": ScaledObject of a missing Deployment " + target);
                assertTrue(autoscaled.add(target), where + ": " + target + " has two autoscalers");
                JsonNode trigger = scaled.path("spec").path("triggers").path(0);
                assertEquals("kafka", trigger.path("type").asText(), where + " " + target);
                assertEquals(expectedGroups.get(target), trigger.path("metadata").path("consumerGroup").asText(), where + " " + target);
                String topic = trigger.path("metadata").path("topic").asText();
                assertEquals(expectedTopics.get(target), topic, where + " " + target);
                assertEquals(kafka, trigger.path("metadata").path("bootstrapServers").asText(), where + " " + target);
                int max = scaled.path("spec").path("maxReplicaCount").asInt();
                assertTrue(partitions.containsKey(topic), where + ": the topics Job does not create " + topic);
                assertTrue(max >= 1 && max <= partitions.get(topic), where + " " + target + ": " + max
                        + " consumers for " + partitions.get(topic) + " partitions");
            }
            assertTrue(autoscaled.containsAll(expectedGroups.keySet()), where + ": " + autoscaled);
            for (String name : autoscaled) {
                assertFalse(deployments.get(name).path("spec").has("replicas"),
                        where + ": " + name + " is autoscaled, so its Deployment must not reset the replicas on every apply");
            }
        }
    }

    @Test
    void theTopicsJobCreatesEveryTopicTheServicesUseWithItsDeadLetters() throws Exception {
        Set<String> used = new HashSet<>();
        Matcher constant = Pattern.compile("public static final String \\w+ = \"([a-z.]+)\";").matcher(Files.readString(
                RepoPaths.root().resolve("common/src/main/java/io/mediagate/common/events/Topics.java")));
        while (constant.find()) {
            used.add(constant.group(1));
        }
        assertTrue(used.size() >= 9, used.toString());
        STAGE_INPUTS.values().forEach(input -> used.add(input + ".dlq"));
        // The dead-letter topics of the Smallrye channels: their producers may not create topics (the ACLs).
        for (String service : SERVICES) {
            properties(service).forEach((name, value) -> {
                if (name.toString().endsWith(".dead-letter-queue.topic")) {
                    used.add(value.toString());
                }
            });
        }
        for (var overlay : RENDERED.entrySet()) {
            assertEquals(used, partitions(overlay.getValue()).keySet(), overlay.getKey());
        }
    }

    @Test
    void onlyTheGatewayIsReachableFromOutsideAndManagementPortsOnlyFromMonitoring() {
        for (var overlay : RENDERED.entrySet()) {
            String where = overlay.getKey();
            List<JsonNode> policies = overlay.getValue().stream().filter(o -> kind(o, "NetworkPolicy")).toList();
            assertTrue(policies.stream().anyMatch(p -> p.path("spec").path("podSelector").path("matchLabels").path("app.kubernetes.io/part-of").asText().equals("mediagate")
                            && p.path("spec").path("policyTypes").toString().contains("Ingress") && p.path("spec").path("ingress").isEmpty()),
                    where + ": a policy closes every Mediagate pod to ingress by default");
            for (JsonNode policy : policies) {
                JsonNode selected = policy.path("spec").path("podSelector").path("matchLabels");
                for (JsonNode rule : policy.path("spec").path("ingress")) {
                    Set<String> ports = new HashSet<>();
                    rule.path("ports").forEach(p -> ports.add(p.path("port").asText()));
                    assertFalse(ports.isEmpty(), where + ": a rule of " + name(policy) + " opens every port");
                    if (!rule.has("from")) {
                        assertEquals("gateway-service", selected.path("app.kubernetes.io/name").asText(),
                                where + ": " + name(policy) + " opens pods other than the gateway to everyone");
                        assertEquals(Set.of("http"), ports, where + ": the gateway is open on its API port only");
                    } else if (ports.contains("management")) {
                        for (JsonNode from : rule.path("from")) {
                            assertTrue(from.has("namespaceSelector") && !from.has("podSelector"),
                                    where + ": management ports are for the monitoring namespace only");
                        }
                    } else {
                        for (JsonNode from : rule.path("from")) {
                            assertEquals("mediagate", from.path("podSelector").path("matchLabels").path("app.kubernetes.io/part-of").asText(),
                                    where + ": " + name(policy) + " admits pods that are not Mediagate's");
                        }
                    }
                }
            }
        }
    }

    private static Map<String, Integer> partitions(List<JsonNode> objects) {
        Map<String, Integer> partitions = new LinkedHashMap<>();
        Matcher m = CREATE.matcher(kafkaSetup(objects));
        while (m.find()) {
            partitions.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        return partitions;
    }

    /** The script the topics Job runs: the ConfigMap it mounts, kafka-setup.sh. */
    static String kafkaSetup(List<JsonNode> objects) {
        JsonNode job = byName(objects, "Job").get("mediagate-kafka-topics");
        assertNotNull(job, "the topics Job");
        JsonNode pod = job.path("spec").path("template").path("spec");
        assertEquals("/setup/kafka-setup.sh", pod.path("containers").path(0).path("command").path(1).asText(), job.toString());
        String configMap = null;
        for (JsonNode volume : pod.path("volumes")) {
            if (volume.has("configMap")) {
                configMap = volume.path("configMap").path("name").asText();
            }
        }
        String script = byName(objects, "ConfigMap").get(configMap).path("data").path("kafka-setup.sh").asText();
        assertFalse(script.isEmpty(), "the topics Job mounts kafka-setup.sh from " + configMap);
        return script;
    }

    /** Installs the validator's pinned packages (package-lock.json) once into target/. */
    private static Path validator() throws Exception {
        return NodePackages.install("e2e/src/test/k8s", "e2e/target/k8s-validate", List.of("package.json", "package-lock.json", "validate.mjs"),
                "kubernetes-models");
    }

    private static Properties properties(String service) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(RepoPaths.root().resolve(service + "/src/main/resources/application.properties"))) {
            p.load(in);
        }
        return p;
    }

    private static Map<String, JsonNode> byName(List<JsonNode> objects, String kind) {
        Map<String, JsonNode> found = new TreeMap<>();
        objects.stream().filter(o -> kind(o, kind)).forEach(o -> found.put(name(o), o));
        return found;
    }

    private static boolean kind(JsonNode object, String kind) {
        return object.path("kind").asText().equals(kind);
    }

    private static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    private static boolean selects(JsonNode matchLabels, JsonNode labels) {
        if (matchLabels.isEmpty()) {
            return false;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = matchLabels.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> label = it.next();
            if (!label.getValue().asText().equals(labels.path(label.getKey()).asText(null))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasPort(JsonNode container, String name, int port) {
        for (JsonNode p : container.path("ports")) {
            if (p.path("name").asText().equals(name) && p.path("containerPort").asInt() == port) {
                return true;
            }
        }
        return false;
    }

    private static String env(JsonNode deployment, String name) {
        for (JsonNode e : deployment.path("spec").path("template").path("spec").path("containers").path(0).path("env")) {
            if (e.path("name").asText().equals(name)) {
                return e.path("value").asText();
            }
        }
        return null;
    }

    private record Run(int exit, String output) {}

    private static Run run(String stdin, String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (stdin != null) {
            try (var in = process.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } else {
            process.getOutputStream().close();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), String.join(" ", command) + " did not finish");
        return new Run(process.exitValue(), output);
    }
}
