package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The suite as {@code ./mediagate up --containers} runs it: each of the six services in a podman container of its
 * image (the flow every way of running the images must pass is {@link InContainers}'s), and docker-compose.yml's
 * healthcheck, as Compose reads it, passes inside every one.
 */
class ContainersIT extends InContainers {
    @Override
    String upArgument() {
        return "--containers";
    }

    @Override
    List<String> members() {
        return LocalSuite.SERVICES;
    }

    @Test
    void composesHealthcheckPassesInsideEveryContainer() throws Exception {
        JsonNode compose = Compose.config(Compose.SECRETS).file();
        for (String service : members()) {
            Command probe = exec(service, Compose.healthcheck(compose, service).toArray(String[]::new));
            assertEquals(0, probe.exit(), service + ": compose's healthcheck failed in its container: " + probe.output());
        }
    }
}
