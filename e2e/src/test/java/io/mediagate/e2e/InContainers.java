package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestInfra;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the suite must do however its images are run ({@code ./mediagate up --containers}, {@code --kube}): from the
 * images {@code ./mediagate images} builds out of the builds Maven has just made ({@code MEDIAGATE_PREBUILT=1}), on the
 * host's network, against the script's own Kafka, S3 server and Redis and the PostgreSQL on 127.0.0.1. An image, a
 * video through the whole pipeline, a listing and an upload go through the containerised gateway, and every container
 * runs as the images' own user without capabilities or a writable root filesystem (/tmp aside) and answers liveness and
 * readiness on its management port. Skipped, saying why, where podman cannot run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class InContainers {
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    LocalSuite suite;
    Api api;
    String key;

    /** {@code ./mediagate up}'s argument that runs the suite this way. */
    abstract String upArgument();

    /** What runs in a container of its own: services or Deployments, as the suite's pid files name them. */
    abstract List<String> members() throws Exception;

    @BeforeAll
    void start() throws Exception {
        Optional<String> why = podmanMissing();
        Assumptions.assumeTrue(why.isEmpty(), () -> "skipped: " + why.orElseThrow());
        suite = LocalSuite.up(upArgument().replace("--", ""), Map.of(), List.of(upArgument()), Duration.ofMinutes(25));
        api = new Api(suite.baseUrl());
        key = suite.userKey();
    }

    @AfterAll
    void stop() throws Exception {
        if (suite == null) {
            return;
        }
        suite.close();
        dropDatabases(suite.home());
    }

    /** Why podman cannot be run here; empty when it can. */
    private static Optional<String> podmanMissing() throws InterruptedException {
        try {
            Command version = Command.run(List.of("podman", "--version"), Map.of(), Duration.ofSeconds(30));
            return version.exit() == 0 ? Optional.empty() : Optional.of("podman does not run here: " + version.output());
        } catch (IOException e) {
            return Optional.of("podman is not installed (./mediagate test installs it, with runc, catatonit and debootstrap, when run as root)");
        }
    }

    /** {@code podman} with {@code arguments}, configured as the script runs it. */
    Command podman(List<String> arguments) throws Exception {
        List<String> line = new ArrayList<>(List.of("podman"));
        line.addAll(arguments);
        return Command.run(line, Map.of("CONTAINERS_CONF", suite.home().resolve("images/containers.conf").toString()), Duration.ofSeconds(30));
    }

    /** {@code command} inside the container {@code member} runs in. */
    Command exec(String member, String... command) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("exec", suite.container(member)));
        arguments.addAll(List.of(command));
        return podman(arguments);
    }

    @Test
    void everyMemberRunsInItsContainerAsTheImagesUserAndAnswersLivenessAndReadinessOnItsManagementPort() throws Exception {
        for (String member : members()) {
            long pid = suite.pid(member);
            Path root = Path.of("/proc/" + pid + "/root");
            assertTrue(Files.exists(root.resolve("app/quarkus-run.jar")), member + " runs from its image's /app");
            assertTrue(Files.exists(root.resolve("opt/java/bin/java")) || Files.exists(root.resolve("opt/java/openjdk/bin/java")),
                    member + " runs the image's Java");
            String uid = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("Uid:"))
                    .findFirst().orElseThrow().split("\\s+")[1];
            assertEquals("10001", uid, member + " runs as the images' user mediagate, not root");
            // As docker-compose.yml and the manifests run them: no capability, no privilege to gain, a read-only root.
            List<String> status = Files.readAllLines(Path.of("/proc/" + pid + "/status"));
            assertTrue(status.contains("CapEff:\t0000000000000000"), member + " keeps no capability: " + status);
            assertTrue(status.contains("NoNewPrivs:\t1"), member + " cannot gain privileges: " + status);
            Command app = exec(member, "bash", "-c", "touch /app/written");
            assertTrue(app.exit() != 0 && app.output().contains("Read-only"), member + " cannot change its own files: " + app.output());
            Command tmp = exec(member, "bash", "-c", "touch /tmp/written && rm /tmp/written");
            assertEquals(0, tmp.exit(), member + " writes to /tmp: " + tmp.output());
            for (String probe : List.of("/q/health/live", "/q/health/ready")) {
                HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create(suite.managementUrl(member) + probe)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, health.statusCode(), member + probe + ": " + health.body());
                assertTrue(health.body().contains("\"UP\""), member + probe + ": " + health.body());
            }
        }
    }

    @Test
    void anImageAndAVideoThroughTheWholePipelineAreMadeServedAndListed() throws Exception {
        Api.Reply image = api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern\",\"prompt\":\"a lighthouse at dawn\",\"size\":\"256x256\"}");
        assertEquals(200, image.status(), image.body().toString());
        JsonNode picture = image.body().path("data").get(0);
        byte[] png = api.download(picture.path("url").asText());
        assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII), "a PNG is served");

        Api.Reply video = api.post("/v1/videos/generations", key,
                "{\"model\":\"local/motion\",\"prompt\":\"waves at dusk\",\"size\":\"480p\",\"duration\":2}");
        assertEquals(200, video.status(), video.body().toString());
        JsonNode clip = video.body().path("data").get(0);
        assertEquals("ready", clip.path("status").asText(), clip.toString());
        byte[] mp4 = api.download(clip.path("url").asText());
        assertEquals("ftyp", new String(mp4, 4, 4, StandardCharsets.US_ASCII), "an MP4 is served");
        byte[] poster = api.download(clip.path("thumbnail").asText());
        assertEquals("WEBP", new String(poster, 8, 4, StandardCharsets.US_ASCII), "the thumbnail stage's poster is served");
        List<String> variants = StreamSupport.stream(clip.path("variants").spliterator(), false)
                .map(v -> v.path("format").asText() + ":" + v.path("size").asText()).toList();
        assertTrue(variants.containsAll(List.of("mp4:480p", "webm:480p", "hls:480p")), "the transcode stage's ladder: " + variants);

        JsonNode listed = api.get("/v1/media?user=me", key).body().path("result").path("medias");
        List<String> ids = StreamSupport.stream(listed.spliterator(), false).map(m -> m.path("id").asText()).toList();
        assertTrue(ids.containsAll(List.of(picture.path("id").asText(), clip.path("id").asText())), ids.toString());
    }

    @Test
    void aFileUploadedThroughTheContainersIsServedAsItWasSent() throws Exception {
        byte[] png = TestImages.png(64, 48);
        Api.Reply declared = api.post("/v1/media/upload", key, "{\"mime\":\"image/png\",\"bytes\":" + png.length + "}");
        assertEquals(200, declared.status(), declared.body().toString());
        JsonNode upload = declared.body().path("result");
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(upload.path("uploadUrl").asText()))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(png));
        upload.path("headers").properties().forEach(h -> {
            if (!h.getKey().equalsIgnoreCase("Content-Length")) {
                put.header(h.getKey(), h.getValue().asText());
            }
        });
        assertEquals(200, HTTP.send(put.build(), HttpResponse.BodyHandlers.discarding()).statusCode());
        Api.Reply done = api.send("POST", "/v1/media/" + upload.path("id").asText(), key);
        assertEquals(200, done.status(), done.body().toString());
        JsonNode item = done.body().path("result").path("media");
        assertEquals("ready", item.path("status").asText(), item.toString());
        assertArrayEquals(png, api.download(item.path("url").asText()));
    }

    /** The containers' databases, as the script recorded them (deploy/containers.sh). */
    private static void dropDatabases(Path home) throws Exception {
        TestInfra infra = TestInfra.get();
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + infra.postgresHostPort() + "/postgres", infra.postgresUser(), "");
             Statement s = c.createStatement()) {
            for (String database : Files.readAllLines(home.resolve("containers/databases"))) {
                s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            }
        }
    }
}
