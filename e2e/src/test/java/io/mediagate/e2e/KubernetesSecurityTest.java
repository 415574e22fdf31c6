package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mediagate.common.runtime.SecretRules;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What k8s/ gives each pod, held to what the services read (KubernetesManifestsTest holds its shape): no overlay renders
 * without the operator's own secrets and none carries a value anyone could know; every pod runs as the images' user
 * without privileges, token or writable root filesystem; each Deployment gets the Secrets its service reads and no other;
 * outgoing traffic is closed but for what each service calls; and each service's Kafka principal may use only its own
 * topics and groups.
 */
class KubernetesSecurityTest {
    private static final Map<String, List<JsonNode>> RENDERED = new TreeMap<>();
    /** What only the internet rule may reach beyond: the private, shared, loopback and link-local (metadata) ranges. */
    private static final List<String> PRIVATE = List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10",
            "127.0.0.0/8", "169.254.0.0/16");
    /** Who may reach the internet: routing (providers, sources, webhooks) and catalog (the catalog check). */
    private static final Set<String> ONLINE = Set.of("routing-service", "catalog-service");

    @BeforeAll
    static void render() throws Exception {
        for (String target : Kustomized.targets()) {
            RENDERED.put(target, Kustomized.render(target));
        }
    }

    @Test
    void anOverlayDoesNotRenderUntilTheOperatorHasWrittenItsSecrets(@TempDir Path scratch) throws Exception {
        assertEquals(List.of(), kinds("base", "Secret"), "the base holds no Secret");
        for (String target : RENDERED.keySet()) {
            if (target.startsWith("overlays/")) {
                Command bare = Kustomized.renderWithoutSecrets(target, scratch.resolve(target.replace('/', '-')));
                assertNotEquals(0, bare.exit(), target + " renders without secrets/:\n" + bare.output());
                assertTrue(bare.output().contains("secrets/"), target + " names the missing file: " + bare.output());
            }
        }
    }

    @Test
    void everySecretHoldsWhatTheOperatorWroteAndNothingWeakOrKnown() throws Exception {
        for (String overlay : overlays()) {
            List<JsonNode> secrets = kinds(overlay, "Secret");
            assertFalse(secrets.isEmpty(), overlay);
            for (JsonNode secret : secrets) {
                String name = secret.path("metadata").path("name").asText();
                assertFalse(secret.has("stringData"), overlay + " " + name + " is written in the manifests");
                String generated = name.equals("keda-kafka") ? name : name.substring(0, name.lastIndexOf('-'));
                secret.path("data").properties().forEach(entry -> {
                    String value = new String(Base64.getMimeDecoder().decode(entry.getValue().asText()), StandardCharsets.UTF_8);
                    String where = overlay + " " + name + " " + entry.getKey();
                    if (generated.endsWith("-keys")) {
                        assertTrue(value.startsWith("-----BEGIN ") || value.length() >= 44, where + " is a key file ./mediagate keys wrote");
                        return;
                    }
                    assertEquals(Kustomized.written(generated).get(entry.getKey()), value, where + " is the operator's value");
                    boolean identifier = entry.getKey().endsWith("_USER") || entry.getKey().equals("username")
                            || entry.getKey().endsWith("_ACCESS_KEY");
                    assertEquals(Optional.empty(), identifier ? SecretRules.placeholder(value) : SecretRules.weakness(value), where);
                });
            }
        }
        for (Path file : k8sFiles()) {
            String text = Files.readString(file);
            assertFalse(text.contains("replace-from-your-secret-manager") || text.contains("stringData:"), file + " holds a secret's value");
        }
    }

    @Test
    void everyPodRunsAsTheImagesUserWithoutPrivilegesTokenOrWritableRootFilesystem() {
        for (var overlay : RENDERED.entrySet()) {
            for (JsonNode owner : pods(overlay.getValue())) {
                String where = overlay.getKey() + " " + owner.path("kind").asText() + " " + owner.path("metadata").path("name").asText();
                JsonNode pod = owner.path("spec").path("template").path("spec");
                assertFalse(pod.path("automountServiceAccountToken").asBoolean(true), where + ": no service-account token");
                assertFalse(pod.path("hostNetwork").asBoolean(false) || pod.path("hostPID").asBoolean(false), where);
                Set<String> emptyDirs = new HashSet<>();
                pod.path("volumes").forEach(v -> {
                    if (v.has("emptyDir")) {
                        emptyDirs.add(v.path("name").asText());
                    }
                    assertFalse(v.has("hostPath"), where + ": a host path");
                });
                List<JsonNode> containers = new ArrayList<>();
                pod.path("containers").forEach(containers::add);
                pod.path("initContainers").forEach(containers::add);
                assertFalse(containers.isEmpty(), where);
                for (JsonNode c : containers) {
                    String in = where + " container " + c.path("name").asText();
                    JsonNode own = c.path("securityContext");
                    JsonNode shared = pod.path("securityContext");
                    assertTrue(effective(own, shared, "runAsNonRoot").asBoolean(false), in + ": runAsNonRoot");
                    assertEquals(10001, effective(own, shared, "runAsUser").asInt(), in + ": runs as uid 10001");
                    assertEquals("RuntimeDefault", effective(own, shared, "seccompProfile").path("type").asText(), in + ": seccomp");
                    assertFalse(own.path("allowPrivilegeEscalation").asBoolean(true), in + ": allowPrivilegeEscalation: false");
                    assertFalse(own.path("privileged").asBoolean(false), in + ": privileged");
                    assertTrue(own.path("readOnlyRootFilesystem").asBoolean(false), in + ": readOnlyRootFilesystem");
                    assertTrue(own.path("capabilities").path("drop").toString().contains("\"ALL\""), in + ": drops every capability");
                    assertTrue(own.path("capabilities").path("add").isEmpty(), in + ": adds none");
                    boolean tmp = false;
                    for (JsonNode mount : c.path("volumeMounts")) {
                        tmp |= mount.path("mountPath").asText().equals("/tmp") && emptyDirs.contains(mount.path("name").asText());
                    }
                    assertTrue(tmp, in + ": a writable /tmp (emptyDir), the one place it writes");
                }
            }
        }
    }

    @Test
    void everyDeploymentGetsTheSecretsAndKeyFilesItsServiceReadsAndNoOther() {
        for (String overlay : overlays()) {
            Map<String, JsonNode> secrets = byName(kinds(overlay, "Secret"));
            for (JsonNode deployment : kinds(overlay, "Deployment")) {
                JsonNode pod = deployment.path("spec").path("template").path("spec");
                JsonNode container = pod.path("containers").path(0);
                String service = service(container);
                String where = overlay + " " + deployment.path("metadata").path("name").asText() + " (" + service + ")";
                Set<String> given = new TreeSet<>();
                for (JsonNode from : container.path("envFrom")) {
                    if (from.has("secretRef")) {
                        JsonNode secret = secrets.get(from.path("secretRef").path("name").asText());
                        assertNotNull(secret, where + " names a Secret the overlay lacks: " + from);
                        secret.path("data").fieldNames().forEachRemaining(given::add);
                    }
                }
                container.path("env").forEach(e -> assertFalse(e.path("valueFrom").has("secretKeyRef"), where + ": " + e));
                assertEquals(ServiceSettings.secrets(service), given, where + ": the secrets it reads, and only those");

                Set<String> files = new TreeSet<>();
                Map<String, String> mounts = new HashMap<>();
                container.path("volumeMounts").forEach(m -> mounts.put(m.path("name").asText(), m.path("mountPath").asText()
                        + (m.path("readOnly").asBoolean() ? ":ro" : ":rw")));
                for (JsonNode volume : pod.path("volumes")) {
                    if (volume.has("secret")) {
                        assertEquals("/keys:ro", mounts.get(volume.path("name").asText()), where + ": key files at MEDIAGATE_KEYS_DIR, read-only");
                        JsonNode secret = secrets.get(volume.path("secret").path("secretName").asText());
                        assertNotNull(secret, where + " mounts a Secret the overlay lacks: " + volume);
                        secret.path("data").fieldNames().forEachRemaining(files::add);
                        assertEquals(0440, volume.path("secret").path("defaultMode").asInt(), where + ": key files for its group only");
                    }
                }
                assertEquals(ServiceSettings.keyFiles(service), files, where + ": the key files it reads, and only those");
            }
        }
    }

    @Test
    void outgoingTrafficIsClosedButForWhatEachServiceCalls() throws Exception {
        for (var overlay : RENDERED.entrySet()) {
            String where = overlay.getKey();
            List<JsonNode> policies = overlay.getValue().stream().filter(o -> kind(o, "NetworkPolicy"))
                    .filter(p -> p.path("spec").path("policyTypes").toString().contains("Egress")).toList();
            assertTrue(policies.stream().anyMatch(p -> "mediagate".equals(p.path("spec").path("podSelector").path("matchLabels")
                    .path("app.kubernetes.io/part-of").asText()) && p.path("spec").path("egress").isEmpty()),
                    where + ": a policy closes every Mediagate pod's outgoing traffic by default");
            for (JsonNode policy : policies) {
                for (JsonNode rule : policy.path("spec").path("egress")) {
                    assertFalse(rule.path("to").isEmpty(), where + ": a rule of " + name(policy) + " opens every destination");
                    for (JsonNode to : rule.path("to")) {
                        String cidr = to.path("ipBlock").path("cidr").asText();
                        if (cidr.equals("0.0.0.0/0")) {
                            List<String> except = new ArrayList<>();
                            to.path("ipBlock").path("except").forEach(e -> except.add(e.asText()));
                            assertTrue(except.containsAll(PRIVATE), where + " " + name(policy) + ": the internet only, not " + PRIVATE);
                        }
                    }
                }
            }
            for (JsonNode owner : pods(overlay.getValue())) {
                JsonNode labels = owner.path("spec").path("template").path("metadata").path("labels");
                String pod = name(owner);
                List<JsonNode> rules = new ArrayList<>();
                policies.stream().filter(p -> selects(p.path("spec").path("podSelector"), labels))
                        .forEach(p -> p.path("spec").path("egress").forEach(rules::add));
                String at = where + " " + pod;
                assertTrue(reaches(rules, "kube-dns", 53), at + " resolves names (kube-dns)");
                assertTrue(reaches(rules, "kafka", 9092), at + " reaches Kafka");
                boolean internet = rules.stream().anyMatch(r -> r.path("to").toString().contains("0.0.0.0/0"));
                if (!kind(owner, "Deployment")) {
                    assertFalse(internet, at);
                    continue;
                }
                String service = service(owner.path("spec").path("template").path("spec").path("containers").path(0));
                Map<String, String> reads = ServiceSettings.settings(service);
                assertEquals(reads.containsKey("MEDIAGATE_DB_URL"), reaches(rules, "postgres", 5432), at + ": PostgreSQL exactly if it has a database");
                assertEquals(reads.containsKey("MEDIAGATE_REDIS"), reaches(rules, "redis", 6379), at + ": Redis exactly if it uses it");
                assertEquals(reads.containsKey("MEDIAGATE_S3_ENDPOINT"), reaches(rules, "object-store", 443), at + ": the object store exactly if it keeps files");
                assertEquals(ONLINE.contains(service), internet, at + ": the internet");
                Set<String> calls = new TreeSet<>();
                for (String setting : reads.keySet()) {
                    Matcher peer = Pattern.compile("MEDIAGATE_(CATALOG|MEDIA|ROUTING|USAGE)_URL").matcher(setting);
                    if (peer.matches()) {
                        calls.add(peer.group(1).toLowerCase() + "-service");
                    }
                }
                assertEquals(calls, peers(rules), at + ": the services it calls over HTTP, and only those");
            }
        }
    }

    @Test
    void eachServicesKafkaPrincipalMayUseItsOwnTopicsAndGroupsOnly() throws Exception {
        for (String overlay : overlays()) {
            List<JsonNode> objects = RENDERED.get(overlay);
            JsonNode config = byName(kinds(overlay, "ConfigMap")).get("mediagate-config");
            assertTrue(config.path("data").path("MEDIAGATE_KAFKA_SECURITY_PROTOCOL").asText().startsWith("SASL_"), overlay + ": Kafka asks a login");
            Map<String, Grants> acls = acls(KubernetesManifestsTest.kafkaSetup(objects));
            Map<String, String> principals = new HashMap<>();
            for (JsonNode deployment : kinds(overlay, "Deployment")) {
                JsonNode container = deployment.path("spec").path("template").path("spec").path("containers").path(0);
                String service = service(container);
                String principal = null;
                for (JsonNode e : container.path("env")) {
                    if (e.path("name").asText().equals("MEDIAGATE_KAFKA_USER")) {
                        principal = e.path("value").asText();
                    }
                }
                assertNotNull(principal, overlay + " " + name(deployment) + " logs in to Kafka as a principal of its own");
                String other = principals.put(principal, service);
                assertTrue(other == null || other.equals(service), principal + " is " + other + "'s and " + service + "'s");
                Grants needed = needs(service);
                Grants granted = acls.getOrDefault(principal, new Grants());
                String where = overlay + " " + principal;
                assertEquals(needed.read, granted.read, where + ": the topics it reads");
                assertEquals(needed.write, granted.write, where + ": the topics it writes");
                for (String group : needed.groups) {
                    assertTrue(granted.groups.stream().anyMatch(group::startsWith), where + " may join its group " + group + ": " + granted.groups);
                }
                assertTrue(granted.describe.isEmpty(), where + " describes nothing more");
            }
            Grants keda = acls.get("mediagate-keda");
            assertNotNull(keda, overlay + ": KEDA's principal");
            assertTrue(keda.read.isEmpty() && keda.write.isEmpty() && keda.groups.isEmpty(), overlay + ": KEDA only describes");
            for (JsonNode scaled : kinds(overlay, "ScaledObject")) {
                JsonNode trigger = scaled.path("spec").path("triggers").path(0);
                String auth = trigger.path("authenticationRef").path("name").asText();
                JsonNode authentication = byName(kinds(overlay, "TriggerAuthentication")).get(auth);
                assertNotNull(authentication, overlay + " " + name(scaled) + " logs in to Kafka");
                assertEquals("scram_sha512", trigger.path("metadata").path("sasl").asText(), name(scaled));
                assertTrue(keda.describe.contains("group:" + trigger.path("metadata").path("consumerGroup").asText())
                        && keda.describe.contains("topic:" + trigger.path("metadata").path("topic").asText()), name(scaled) + ": " + keda.describe);
                for (JsonNode ref : authentication.path("spec").path("secretTargetRef")) {
                    assertTrue(byName(kinds(overlay, "Secret")).containsKey(ref.path("name").asText()), overlay + ": " + ref);
                }
            }
        }
    }

    /** A principal's ACLs as kafka-setup.sh adds them. */
    private static final class Grants {
        final Set<String> read = new TreeSet<>();
        final Set<String> write = new TreeSet<>();
        /** Consumer groups it may read (join, commit): names, or prefixes where the ACL says so. */
        final Set<String> groups = new TreeSet<>();
        final Set<String> describe = new TreeSet<>();
    }

    private static Map<String, Grants> acls(String script) {
        Map<String, Grants> acls = new HashMap<>();
        Matcher line = Pattern.compile("(?m)^acl (\\S+) --operation (\\w+)((?: --(?:topic|group) \\S+)+)( --resource-pattern-type prefixed)?\\s*$")
                .matcher(script);
        int lines = 0;
        while (line.find()) {
            lines++;
            Grants grants = acls.computeIfAbsent(line.group(1), p -> new Grants());
            Matcher resource = Pattern.compile("--(topic|group) (\\S+)").matcher(line.group(3));
            while (resource.find()) {
                String kind = resource.group(1);
                String name = resource.group(2);
                switch (line.group(2)) {
                    case "Read" -> (kind.equals("topic") ? grants.read : grants.groups).add(name);
                    case "Write" -> {
                        assertEquals("topic", kind, line.group());
                        grants.write.add(name);
                    }
                    case "Describe" -> grants.describe.add(kind + ":" + name);
                    default -> throw new AssertionError("an ACL the test does not know: " + line.group());
                }
            }
            assertEquals(line.group(4) != null, line.group(3).contains("--group") && !line.group(2).equals("Describe"),
                    "groups by prefix, topics by name: " + line.group());
        }
        assertEquals(script.lines().filter(l -> l.startsWith("acl ")).count(), lines, "every ACL line is read");
        return acls;
    }

    /** What a service's Kafka clients use: its Smallrye channels (application.properties) or, for the pipeline, Workers'. */
    private static Grants needs(String service) throws IOException {
        Grants needs = new Grants();
        if (service.equals("video-pipeline-service")) {
            // Each stage reads its input and writes the next stage's, the end (completed or failed) and progress; a message
            // given up on goes to <input>.dlq (worker/Workers, StageWorker).
            for (String input : List.of("video.generated", "video.transcoded", "video.thumbnailed")) {
                needs.read.add(input);
                needs.write.add(input + ".dlq");
            }
            needs.write.addAll(List.of("video.transcoded", "video.thumbnailed", "video.completed", "video.failed", "video.progress"));
            needs.groups.addAll(List.of("pipeline-transcode", "pipeline-thumbnail", "pipeline-storage", "pipeline-playable"));
            return needs;
        }
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(RepoPaths.root().resolve(service + "/src/main/resources/application.properties"))) {
            p.load(in);
        }
        Set<String> incoming = new TreeSet<>();
        for (String name : p.stringPropertyNames()) {
            String value = p.getProperty(name);
            Matcher channel = Pattern.compile("mp\\.messaging\\.(incoming|outgoing)\\.([\\w-]+)\\.(.+)").matcher(name);
            if (!channel.matches()) {
                continue;
            }
            boolean in = channel.group(1).equals("incoming");
            switch (channel.group(3)) {
                case "topic", "topics" -> {
                    for (String topic : value.split(",")) {
                        (in ? needs.read : needs.write).add(topic.trim());
                    }
                    if (in) {
                        incoming.add(channel.group(2));
                    }
                }
                case "dead-letter-queue.topic" -> needs.write.add(value);
                case "reply.topic" -> needs.read.add(value);
                case "group.id", "reply.group.id" -> needs.groups.add(value.replaceAll("\\$\\{.*", ""));
                default -> { }
            }
        }
        for (String channel : incoming) {
            if (p.getProperty("mp.messaging.incoming." + channel + ".group.id") == null) {
                needs.groups.add(p.getProperty("quarkus.application.name")); // Quarkus' default group
            }
        }
        if (service.equals("routing-service")) {
            // Its job outbox's rows name their topic: a batch's lines are sent to routing itself on generation.batch
            // (batches/BatchRunner), through the channel declared for generation.events.
            needs.write.add("generation.batch");
        }
        return needs;
    }

    /** Whether some rule reaches the pods labelled mediagate.io/dependency={@code dependency} (or kube-dns) on {@code port}. */
    private static boolean reaches(List<JsonNode> rules, String dependency, int port) {
        for (JsonNode rule : rules) {
            boolean onPort = false;
            for (JsonNode p : rule.path("ports")) {
                onPort |= p.path("port").asInt() == port;
            }
            if (!onPort) {
                continue;
            }
            for (JsonNode to : rule.path("to")) {
                JsonNode labels = to.path("podSelector").path("matchLabels");
                if (dependency.equals(labels.path("mediagate.io/dependency").asText())
                        || dependency.equals(labels.path("k8s-app").asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The Mediagate services the rules reach on their API port. */
    private static Set<String> peers(List<JsonNode> rules) {
        Set<String> peers = new TreeSet<>();
        for (JsonNode rule : rules) {
            if (!rule.path("ports").toString().contains("8080")) {
                continue;
            }
            for (JsonNode to : rule.path("to")) {
                JsonNode selector = to.path("podSelector");
                for (String service : List.of("gateway-service", "routing-service", "catalog-service", "media-service", "usage-service")) {
                    if (!to.has("namespaceSelector") && selects(selector, labels(service))) {
                        peers.add(service);
                    }
                }
            }
        }
        return peers;
    }

    /** The labels of a service's pods. */
    private static JsonNode labels(String service) {
        return JsonNodeFactory.instance.objectNode().put("app.kubernetes.io/name", service).put("app.kubernetes.io/part-of", "mediagate");
    }

    /** Whether a label selector (matchLabels, matchExpressions with In) selects pods with {@code labels}; {} selects all. */
    private static boolean selects(JsonNode selector, JsonNode labels) {
        for (var label : selector.path("matchLabels").properties()) {
            if (!label.getValue().asText().equals(labels.path(label.getKey()).asText(null))) {
                return false;
            }
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            assertEquals("In", expression.path("operator").asText(), expression.toString());
            if (!expression.path("values").toString().contains("\"" + labels.path(expression.path("key").asText()).asText() + "\"")) {
                return false;
            }
        }
        return true;
    }

    /** The service a container runs: its image's name. */
    private static String service(JsonNode container) {
        String image = container.path("image").asText();
        return image.substring(image.lastIndexOf('/') + 1, image.lastIndexOf(':'));
    }

    private static JsonNode effective(JsonNode container, JsonNode pod, String field) {
        return container.has(field) ? container.path(field) : pod.path(field);
    }

    private static List<JsonNode> pods(List<JsonNode> objects) {
        return objects.stream().filter(o -> o.path("spec").path("template").path("spec").has("containers")).toList();
    }

    private static List<String> overlays() {
        return RENDERED.keySet().stream().filter(t -> t.startsWith("overlays/")).toList();
    }

    private static List<JsonNode> kinds(String target, String kind) {
        return RENDERED.get(target).stream().filter(o -> kind(o, kind)).toList();
    }

    private static Map<String, JsonNode> byName(List<JsonNode> objects) {
        Map<String, JsonNode> found = new TreeMap<>();
        objects.forEach(o -> found.put(name(o), o));
        return found;
    }

    private static boolean kind(JsonNode object, String kind) {
        return object.path("kind").asText().equals(kind);
    }

    private static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    private static List<Path> k8sFiles() throws IOException {
        try (var files = Files.walk(RepoPaths.root().resolve("k8s"))) {
            return files.filter(Files::isRegularFile).filter(f -> !f.toString().contains("/secrets/")).toList();
        }
    }
}
