package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.infra.KeyFiles;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * k8s/ rendered as an operator renders it ({@code kubectl kustomize}; {@code MEDIAGATE_KUBECTL} names another kubectl):
 * from a copy of the folder whose overlays have their {@code secrets/} written as docs/operations.md tells the operator
 * to (each service's Secret with the secrets that service reads, strong random values, the key files from
 * {@code ./mediagate keys}). The repository's own k8s/ has no secrets, and does not render without them.
 */
final class Kustomized {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static Path copy;
    /** What the test wrote into each overlay's secrets/, by Secret name (before kustomize's hash suffix): key, value. */
    private static final Map<String, Map<String, String>> WRITTEN = new TreeMap<>();

    private Kustomized() {
    }

    static String kubectl() {
        return System.getenv().getOrDefault("MEDIAGATE_KUBECTL", "kubectl");
    }

    /** The base and every overlay, by their path under k8s/ ("base", "overlays/small", ...). */
    static List<String> targets() throws IOException {
        List<String> targets = new ArrayList<>(List.of("base"));
        try (Stream<Path> overlays = Files.list(RepoPaths.root().resolve("k8s/overlays"))) {
            overlays.filter(Files::isDirectory).sorted().forEach(o -> targets.add("overlays/" + o.getFileName()));
        }
        return targets;
    }

    /** {@code target} rendered with the operator's secrets written, as its objects. */
    static synchronized List<JsonNode> render(String target) throws Exception {
        Command run = Command.run(List.of(kubectl(), "kustomize", withSecrets().resolve(target).toString()), Map.of(), Duration.ofMinutes(2));
        if (run.exit() != 0) {
            throw new IllegalStateException("kubectl kustomize " + target + ": " + run.output());
        }
        List<JsonNode> objects = new ArrayList<>();
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(run.output())) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc != null && doc.isObject()) {
                    objects.add(doc);
                }
            }
        }
        return objects;
    }

    /** {@code kubectl kustomize} of {@code target} in a copy of k8s/ as the repository holds it: no secrets/ anywhere. */
    static Command renderWithoutSecrets(String target, Path scratch) throws Exception {
        Path bare = scratch.resolve("k8s");
        copyTree(RepoPaths.root().resolve("k8s"), bare);
        return Command.run(List.of(kubectl(), "kustomize", bare.resolve(target).toString()), Map.of(), Duration.ofMinutes(2));
    }

    /** The values written for the Secret {@code name} (as the generator names it), once an overlay was rendered. */
    static synchronized Map<String, String> written(String name) {
        return WRITTEN.getOrDefault(name, Map.of());
    }

    /** The service whose Deployments use the Secrets {@code <service>-env} and {@code <service>-keys} ("video-pipeline"). */
    static String service(String secretPrefix) {
        return secretPrefix.endsWith("-service") ? secretPrefix : secretPrefix + "-service";
    }

    private static Path withSecrets() throws Exception {
        if (copy != null) {
            return copy;
        }
        Path dir = Files.createTempDirectory("mediagate-k8s-");
        copyTree(RepoPaths.root().resolve("k8s"), dir);
        try (Stream<Path> overlays = Files.list(dir.resolve("overlays"))) {
            for (Path overlay : overlays.filter(Files::isDirectory).toList()) {
                writeSecrets(overlay);
            }
        }
        copy = dir;
        return dir;
    }

    /** What the operator writes: an env file per generated Secret and the key files, as the generator names them. */
    private static void writeSecrets(Path overlay) throws IOException {
        JsonNode kustomization = YAML.readTree(overlay.resolve("kustomization.yaml").toFile());
        for (JsonNode generator : kustomization.path("secretGenerator")) {
            String name = generator.path("name").asText();
            for (JsonNode env : generator.path("envs")) {
                Map<String, String> values = WRITTEN.computeIfAbsent(name, Kustomized::values);
                StringBuilder file = new StringBuilder();
                values.forEach((key, value) -> file.append(key).append('=').append(value).append('\n'));
                Files.createDirectories(overlay.resolve(env.asText()).getParent());
                Files.writeString(overlay.resolve(env.asText()), file);
            }
            for (JsonNode file : generator.path("files")) {
                Path keys = overlay.resolve(file.asText()).getParent();
                if (!Files.exists(keys.resolve("internal-private.pem"))) {
                    KeyFiles.main(new String[] {keys.toString()});
                }
            }
        }
    }

    /** The secrets docs/operations.md lists for each Secret, with random values. */
    private static Map<String, String> values(String secret) {
        Map<String, String> values = new LinkedHashMap<>();
        switch (secret) {
            case "kafka-admin" -> {
                values.put("MEDIAGATE_KAFKA_USER", "admin");
                values.put("MEDIAGATE_KAFKA_PASSWORD", random());
            }
            case "keda-kafka" -> {
                values.put("username", "mediagate-keda");
                values.put("password", random());
            }
            default -> {
                if (!secret.endsWith("-env")) {
                    throw new IllegalStateException("an env Secret the tests do not know: " + secret);
                }
                ServiceSettings.secrets(service(secret.substring(0, secret.length() - "-env".length())))
                        .forEach(variable -> values.put(variable, random()));
            }
        }
        return values;
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path relative = from.relativize(source);
                boolean secrets = false;
                for (Path part : relative) {
                    secrets |= part.toString().equals("secrets");
                }
                if (secrets) {
                    continue; // an operator's secrets/ in this working copy: never the tests'
                }
                Path target = to.resolve(relative);
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
