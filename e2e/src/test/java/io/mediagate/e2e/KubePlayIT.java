package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests run, not only validated: {@code ./mediagate up --kube} plays the rendered small overlay
 * ({@code k8s/overlays/small}) with {@code podman kube play}, changed only where one machine without a cluster needs
 * it (deploy/kube.sh says what and why). Every Deployment of the overlay, rendered here on its own, runs from its
 * manifest's image and passes {@link InContainers}'s flow; the Secrets, generated from the secrets/ the script writes
 * as an operator would, reach the services as the manifests hand them over (the admin key through {@code envFrom}, each
 * service's own key files as a read-only volume); the kinds podman does not play are printed, and each is in the
 * script's report.
 */
class KubePlayIT extends InContainers {
    private List<JsonNode> overlay;

    @Override
    String upArgument() {
        return "--kube";
    }

    @Override
    List<String> members() throws Exception {
        return deployments().stream().map(d -> d.path("metadata").path("name").asText()).toList();
    }

    private List<JsonNode> deployments() throws Exception {
        return rendered().stream().filter(o -> o.path("kind").asText().equals("Deployment")).toList();
    }

    private synchronized List<JsonNode> rendered() throws Exception {
        if (overlay == null) {
            overlay = Kustomized.render("overlays/small");
        }
        return overlay;
    }

    @Test
    void everyDeploymentRunsItsManifestsImageInAPodOfItsOwn() throws Exception {
        for (JsonNode deployment : deployments()) {
            String name = deployment.path("metadata").path("name").asText();
            JsonNode container = deployment.path("spec").path("template").path("spec").path("containers").get(0);
            Command image = podman(List.of("ps", "--pod", "--filter", "name=^" + suite.container(name) + "$",
                    "--format", "{{.Image}} {{.PodName}}"));
            assertEquals(0, image.exit(), image.output());
            String[] played = image.output().trim().split(" ");
            assertTrue(played[0].endsWith(container.path("image").asText()), name + " runs " + played[0]);
            assertTrue(played[1].startsWith(name + "-pod"), name + " runs in a pod of its own: " + played[1]);
        }
    }

    @Test
    void theSecretsReachTheServicesAsTheManifestsHandThemOver() throws Exception {
        Api.Reply accounts = api.get("/v1/admin/accounts", suite.adminKey());
        assertEquals(200, accounts.status(), "the admin key of gateway-service-env (envFrom) is the gateway's: " + accounts.body());
        for (JsonNode deployment : deployments()) {
            String member = deployment.path("metadata").path("name").asText();
            String image = deployment.path("spec").path("template").path("spec").path("containers").get(0).path("image").asText();
            Set<String> files = ServiceSettings.keyFiles(image.substring(image.lastIndexOf('/') + 1, image.lastIndexOf(':')));
            Command listed = exec(member, "ls", "/keys");
            assertEquals(files, new TreeSet<>(listed.output().lines().toList()),
                    member + " is given the key files its service reads and no other: " + listed.output());
            for (String file : files) {
                Command read = exec(member, "head", "-c", "10", "/keys/" + file);
                assertTrue(read.exit() == 0 && !read.output().isBlank(), member + " reads /keys/" + file + ": " + read.output());
            }
            Command keys = exec(member, "bash", "-c", "echo x > /keys/written");
            assertTrue(keys.exit() != 0 && keys.output().contains("Read-only"), member + " cannot write to /keys: " + keys.output());
        }
    }

    @Test
    void theKindsPodmanDoesNotPlayAreSaid() throws Exception {
        String report = Files.readString(suite.home().resolve("kube/report"));
        System.out.println(report);
        Set<String> kinds = new TreeSet<>();
        rendered().forEach(o -> kinds.add(o.path("kind").asText()));
        for (String kind : kinds) {
            assertTrue(report.contains("  " + kind + " x"), kind + " is in the report:\n" + report);
        }
        for (String kind : List.of("Service", "HorizontalPodAutoscaler", "NetworkPolicy", "PodDisruptionBudget", "Job")) {
            assertTrue(!kinds.contains(kind) || report.contains(kind + " x" + count(kind) + ": not played"), kind + ":\n" + report);
        }
    }

    private long count(String kind) throws Exception {
        return rendered().stream().filter(o -> o.path("kind").asText().equals(kind)).count();
    }
}
