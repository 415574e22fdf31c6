package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * docker-compose.yml as Compose itself reads it: {@code docker-compose config} (Debian's docker-compose, which needs no
 * daemon for it) checks the file against the Compose schema, resolves its anchors, merges and variables, and prints the
 * result, which is what the tests read.
 */
final class Compose {
    /** The secrets compose requires (its {@code ${VAR:?…}}), with random values as an operator's .env has them. */
    static final Map<String, String> SECRETS = secrets("MEDIAGATE_ADMIN_KEY", "POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD", "S3_SECRET_KEY",
            "REDIS_PASSWORD", "KAFKA_ADMIN_PASSWORD", "GATEWAY_DB_PASSWORD", "ROUTING_DB_PASSWORD", "MEDIA_DB_PASSWORD", "USAGE_DB_PASSWORD",
            "GATEWAY_KAFKA_PASSWORD", "ROUTING_KAFKA_PASSWORD", "CATALOG_KAFKA_PASSWORD", "MEDIA_KAFKA_PASSWORD", "USAGE_KAFKA_PASSWORD",
            "PIPELINE_KAFKA_PASSWORD");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Compose() {
    }

    private static Map<String, String> secrets(String... names) {
        Map<String, String> secrets = new HashMap<>();
        SecureRandom random = new SecureRandom();
        for (String name : names) {
            byte[] bytes = new byte[32];
            random.nextBytes(bytes);
            secrets.put(name, HexFormat.of().formatHex(bytes));
        }
        return Map.copyOf(secrets);
    }

    /** What {@code docker-compose config} answered: its exit code and output (the resolved file, or its complaint). */
    record Config(int exit, String output) {
        JsonNode file() throws IOException {
            return YAML.readTree(output);
        }
    }

    /** {@code docker-compose config} of the repository's file, with {@code secrets} as the only secrets set. */
    static Config config(Map<String, String> secrets) throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>();
        SECRETS.keySet().forEach(name -> env.put(name, null));
        env.putAll(secrets);
        Command answer;
        try {
            answer = Command.run(List.of("docker-compose", "--project-directory", RepoPaths.root().toString(), "-f",
                    RepoPaths.root().resolve("docker-compose.yml").toString(), "config"), env, Duration.ofMinutes(1));
        } catch (IOException e) {
            throw new IllegalStateException("docker-compose is needed to read docker-compose.yml as Compose does "
                    + "(Debian's docker-compose package; ./mediagate test installs it)", e);
        }
        return new Config(answer.exit(), answer.output());
    }

    /** A service's healthcheck as the shell command the container runs (Compose's {@code $$} is one {@code $} there). */
    static List<String> healthcheck(JsonNode file, String service) {
        List<String> test = new ArrayList<>();
        file.path("services").path(service).path("healthcheck").path("test").forEach(part -> test.add(part.asText().replace("$$", "$")));
        if (test.isEmpty() || !test.getFirst().equals("CMD")) {
            throw new IllegalStateException(service + " has no CMD healthcheck in docker-compose.yml: " + test);
        }
        return test.subList(1, test.size());
    }
}
