package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.testing.TestInfra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} of a pipeline worker or of routing in the middle of a video job, and of the gateway and
 * media-service while image jobs run: every accepted job still succeeds once the process is back, with one
 * media item and one charge, as if nothing happened.
 */
class CrashIT {
    private static Suite suite;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        Path catalog = TestInfra.get().home().resolve("crash-catalog.yaml");
        Files.writeString(catalog, """
                providers:
                  - { id: reel, name: Reel, adapter: fake, media: [video], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                  - { id: still, name: Still, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: acme/reel
                    displayName: Reel
                    media: video
                    description: A priced video offer that takes a few seconds per clip.
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [480p, 720p, 1080p]
                    defaultSize: 720p
                    durations: { min: 1, max: 30, default: 5 }
                    inputs: [text]
                    offers:
                      - { provider: reel, price: 0.05, unit: second, upstreamModel: slow, options: { delayMs: "4000" } }
                    createdAt: 2026-01-01T00:00:00Z
                  - id: acme/still
                    displayName: Still
                    media: image
                    description: A priced image offer that takes two seconds.
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: still, price: 0.01, unit: image, upstreamModel: slow, options: { delayMs: "2000" } }]
                    createdAt: 2026-01-01T00:00:00Z
                """);
        // Image requests are answered 202 with their job after half a second (their generation takes two).
        suite = Suite.start("crash", Map.of("MEDIAGATE_CATALOG_FILE", catalog.toString(),
                "MEDIAGATE_STAGING_BUCKET", "e2e-crash-staging", "MEDIAGATE_WAIT_LIMIT_MS", "500"));
        api = new Api(suite.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    @Test
    void killingThePipelineMidTranscodeChangesNothingTheUserSees() throws Exception {
        assertSurvives("video-pipeline-service", "transcoding",
                "{\"model\":\"acme/reel\",\"prompt\":\"a storm over the sea\",\"size\":\"1080p\",\"duration\":10}");
    }

    @Test
    void killingRoutingMidGenerationChangesNothingTheUserSees() throws Exception {
        assertSurvives("routing-service", "generating",
                "{\"model\":\"acme/reel\",\"prompt\":\"a quiet harbour\",\"size\":\"480p\",\"duration\":4}");
    }

    @Test
    void killingTheGatewayAndMediaServiceMidLoadLosesNoAcceptedJob() throws Exception {
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY,
                "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000,\"concurrentImages\":1000}");
        List<String> jobs = new ArrayList<>(submit(key, 30, "before the gateway dies"));
        Thread.sleep(500); // the jobs are generating (two seconds each)
        suite.kill("gateway-service");
        suite.restart("gateway-service");
        List<String> second = submit(key, 30, "before media-service dies");
        jobs.addAll(second);
        Thread.sleep(500); // their images are generated, and stored, while media-service is down
        suite.kill("media-service");
        Thread.sleep(2_000);
        suite.restart("media-service");

        Set<String> mediaIds = new HashSet<>();
        for (String jobId : jobs) {
            JsonNode job = poll(key, jobId, j -> !"running".equals(j.path("status").asText()), 120_000);
            assertEquals("succeeded", job.path("status").asText(), job.toString());
            assertEquals(1, job.path("data").size(), job.toString());
            assertTrue(mediaIds.add(job.path("data").get(0).path("id").asText()), "one media item per job: " + job);
        }
        JsonNode mine = api.get("/v1/media?user=me", key).body().path("result");
        assertEquals(jobs.size(), mine.path("total").asInt(), "one stored image per accepted job: " + mine);
        JsonNode usage = null;
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            usage = api.get("/v1/usage", key).body().path("result");
            if (usage.path("generations").path("images").path("today").asInt() >= jobs.size()) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(jobs.size(), usage.path("generations").path("images").path("today").asInt(), usage.toString());
        assertEquals(0.01 * jobs.size(), usage.path("spend").path("total").asDouble(), 1e-9, "one charge per job: " + usage);
    }

    @Test
    void theStorageStageRidesOutATwentySecondMediaServiceOutage() throws Exception {
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000}");
        suite.kill("media-service");
        long down = System.nanoTime();
        Api.Reply accepted = api.post("/v1/videos/generations", key,
                "{\"model\":\"acme/reel\",\"prompt\":\"a lighthouse in fog\",\"size\":\"480p\",\"duration\":2}",
                "Prefer", "respond-async");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        JsonNode job = poll(key, jobId, j -> "storing".equals(j.path("stage").asText()), 60_000);
        assertEquals("storing", job.path("stage").asText(), "the pipeline reached storage while media-service is down: " + job);
        Thread.sleep(Math.max(0, 20_000 - (System.nanoTime() - down) / 1_000_000));
        job = api.get("/v1/jobs/" + jobId, key).body().path("result").path("job");
        assertEquals("running", job.path("status").asText(), "still waiting after 20 s, not failed: " + job);
        suite.restart("media-service");

        job = poll(key, jobId, j -> !"running".equals(j.path("status").asText()), 120_000);
        assertEquals("succeeded", job.path("status").asText(), job.toString());
        String mediaId = job.path("data").get(0).path("id").asText();
        assertEquals(200, api.get("/v1/media/" + mediaId, key).status());
        assertTrue(api.download(job.path("data").get(0).path("url").asText()).length > 0);
        assertTrue(suite.allLogs("video-pipeline-service").contains("storage: job " + jobId + " waits"),
                "the stage said it was waiting for media-service");
    }

    /** {@code count} image jobs submitted at once, each answered 202 once the wait limit passes; returns their ids. */
    private List<String> submit(String key, int count, String prompt) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Api.Reply>> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String body = "{\"model\":\"acme/still\",\"prompt\":\"" + prompt + " " + i + "\"}";
                calls.add(pool.submit(() -> api.post("/v1/images/generations", key, body)));
            }
            List<String> ids = new ArrayList<>();
            for (Future<Api.Reply> call : calls) {
                Api.Reply reply = call.get();
                assertEquals(202, reply.status(), reply.body().toString());
                ids.add(reply.body().path("result").path("job").path("id").asText());
            }
            return ids;
        } finally {
            pool.shutdown();
        }
    }

    /**
     * A batch whose routing dies mid-run, and whose media-service dies after: every line still runs, once, each its one
     * stored image and one charge, and the batch completes with all of them in its output file, in file order.
     */
    @Test
    void killingRoutingAndMediaServiceMidBatchLosesNoLineAndRunsNoneTwice() throws Exception {
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000}");
        int count = 12;
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < count; i++) {
            file.append("{\"custom_id\":\"line-").append(i).append("\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",")
                    .append("\"body\":{\"model\":\"acme/still\",\"prompt\":\"crash ").append(i).append("\"}}\n");
        }
        Api.Reply uploaded = api.postForm("/v1/files", key, List.of("purpose", "batch"),
                new Api.FormFile("file", "crash.jsonl", file.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(200, uploaded.status(), uploaded.body().toString());
        Api.Reply created = api.post("/v1/batches", key, "{\"input_file_id\":\"" + uploaded.body().path("id").asText()
                + "\",\"endpoint\":\"/v1/images/generations\",\"completion_window\":\"24h\"}");
        assertEquals(200, created.status(), created.body().toString());
        String id = created.body().path("id").asText();
        JsonNode batch = pollBatch(key, id, b -> b.path("request_counts").path("completed").asInt() >= 1, 60_000);
        assertTrue(batch.path("request_counts").path("completed").asInt() < count, "killed mid-run: " + batch);
        suite.kill("routing-service");
        suite.restart("routing-service");
        Thread.sleep(1_000);
        suite.kill("media-service");
        suite.restart("media-service");

        batch = pollBatch(key, id, b -> List.of("completed", "failed", "expired", "cancelled").contains(b.path("status").asText()), 240_000);
        assertEquals("completed", batch.path("status").asText(), batch.toString());
        assertEquals(count, batch.path("request_counts").path("completed").asInt(), batch.toString());
        assertEquals(0, batch.path("request_counts").path("failed").asInt(), batch.toString());
        String output = new String(api.bytes("/v1/files/" + batch.path("output_file_id").asText() + "/content", key).body(),
                java.nio.charset.StandardCharsets.UTF_8);
        List<String> customIds = new ArrayList<>();
        Set<String> mediaIds = new HashSet<>();
        for (String line : output.strip().split("\n")) {
            JsonNode parsed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
            customIds.add(parsed.path("custom_id").asText());
            assertTrue(mediaIds.add(parsed.path("response").path("body").path("data").path(0).path("id").asText()), line);
        }
        assertEquals(java.util.stream.IntStream.range(0, count).mapToObj(i -> "line-" + i).toList(), customIds, "every line once, in order");
        JsonNode mine = api.get("/v1/media?user=me", key).body().path("result");
        assertEquals(count, mine.path("total").asInt(), "one stored image per line, none twice: " + mine);
        JsonNode usage = null;
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            usage = api.get("/v1/usage", key).body().path("result");
            if (usage.path("generations").path("images").path("today").asInt() >= count) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(count, usage.path("generations").path("images").path("today").asInt(), usage.toString());
        assertEquals(0.01 * count, usage.path("spend").path("total").asDouble(), 1e-9, "one charge per line: " + usage);
        assertEquals(0.01 * count, usage.path("spend").path("batch").path("total").asDouble(), 1e-9, "booked as batch spend: " + usage);
    }

    private static JsonNode pollBatch(String key, String id, java.util.function.Predicate<JsonNode> until, long ms) throws Exception {
        long deadline = System.currentTimeMillis() + ms;
        JsonNode batch = null;
        while (System.currentTimeMillis() < deadline) {
            Api.Reply r = api.get("/v1/batches/" + id, key);
            if (r.status() == 200) {
                batch = r.body();
                if (until.test(batch)) {
                    return batch;
                }
            }
            Thread.sleep(200);
        }
        return batch;
    }

    private void assertSurvives(String victim, String stage, String body) throws Exception {
        // Polls ten times a second, so an account whose limits allow that.
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000}");
        Api.Reply accepted = api.post("/v1/videos/generations", key, body, "Prefer", "respond-async");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        JsonNode job = poll(key, jobId, j -> stage.equals(j.path("stage").asText()), 60_000);
        assertEquals(stage, job.path("stage").asText(), "the job reached " + stage + ": " + job);
        suite.kill(victim);
        suite.restart(victim);

        job = poll(key, jobId, j -> !"running".equals(j.path("status").asText()), 240_000);
        assertEquals("succeeded", job.path("status").asText(), job.toString());
        double price = job.path("price").asDouble();
        assertEquals(0.05 * Double.parseDouble(body.replaceAll(".*\"duration\":([0-9.]+).*", "$1")), price, 1e-9);

        JsonNode mine = api.get("/v1/media?user=me", key).body().path("result");
        assertEquals(1, mine.path("total").asInt(), "one video, not one per attempt: " + mine);
        assertEquals(job.path("data").get(0).path("id").asText(), mine.path("medias").get(0).path("id").asText());
        JsonNode usage = null;
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            usage = api.get("/v1/usage", key).body().path("result");
            if (usage.path("generations").path("videos").path("today").asInt() >= 1) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(1, usage.path("generations").path("videos").path("today").asInt(), usage.toString());
        assertEquals(price, usage.path("spend").path("total").asDouble(), 1e-9, "charged once");
        assertTrue(api.download(job.path("data").get(0).path("url").asText()).length > 0);
    }

    private static JsonNode poll(String key, String jobId, java.util.function.Predicate<JsonNode> until, long ms) throws Exception {
        long deadline = System.currentTimeMillis() + ms;
        JsonNode job = null;
        while (System.currentTimeMillis() < deadline) {
            Api.Reply r = api.get("/v1/jobs/" + jobId, key);
            if (r.status() == 200) {
                job = r.body().path("result").path("job");
                if (until.test(job)) {
                    return job;
                }
            }
            Thread.sleep(100);
        }
        return job;
    }
}
