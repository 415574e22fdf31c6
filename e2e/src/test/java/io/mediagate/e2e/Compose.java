package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * docker-compose.yml as Compose itself reads it: {@code docker-compose config} (Debian's docker-compose, which needs no
 * daemon for it) checks the file against the Compose schema, resolves its anchors, merges and variables, and prints the
 * result, which is what the tests read.
 */
final class Compose {
    /** The secrets compose requires (its {@code ${VAR:?…}}), with stand-in values. */
    static final Map<String, String> SECRETS = Map.of("MEDIAGATE_ADMIN_KEY", "mg_admin_test", "POSTGRES_PASSWORD", "pg-test",
            "MINIO_ROOT_PASSWORD", "minio-test");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Compose() {
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
