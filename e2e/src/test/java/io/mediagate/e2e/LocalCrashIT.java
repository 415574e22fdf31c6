package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local run mode under an operator's test: {@code ./mediagate up}, a steady load of images (four clients) and
 * videos, all with idempotency keys and SDK-style retries, and each service that keeps records killed with
 * {@code kill -9} in the middle of it and started again with {@code ./mediagate up} a few seconds later. Every image
 * answered is still there afterwards, file and record; every video accepted completes, once; the listing and the
 * usage ledger count exactly what was answered; and each killed service's previous log is kept.
 */
class LocalCrashIT {
    private static final List<String> VICTIMS = List.of("media-service", "routing-service", "usage-service", "gateway-service");
    private static LocalSuite suite;

    @BeforeAll
    static void start() throws Exception {
        suite = LocalSuite.up("crash", Map.of());
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    /** What the clients were answered: image items (200), image jobs still running (202) and video jobs (202). */
    private record Answered(List<String> images, List<String> imageJobs, List<String> videoJobs) {}

    @Test
    void killingEachServiceThatKeepsRecordsMidLoadLosesNothingAnswered() throws Exception {
        Api api = new Api(suite.baseUrl());
        String key = api.newKeyWithLimits(suite.adminKey(),
                "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000,\"videoPerMinute\":1000,"
                + "\"concurrentImages\":100,\"concurrentVideos\":20}");
        RetryingClient client = new RetryingClient(suite.baseUrl(), key, Duration.ofMinutes(3));
        Answered answered = new Answered(Collections.synchronizedList(new ArrayList<>()),
                Collections.synchronizedList(new ArrayList<>()), Collections.synchronizedList(new ArrayList<>()));
        AtomicBoolean loading = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(5);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            running.add(clients.submit(() -> images(client, loading, answered)));
        }
        running.add(clients.submit(() -> videos(client, answered)));
        try {
            for (String victim : VICTIMS) {
                Thread.sleep(3_000);
                suite.kill(victim);
                Thread.sleep(3_000);
                suite.up();
            }
            Thread.sleep(3_000);
        } finally {
            loading.set(false);
        }
        for (Future<?> f : running) {
            f.get();
        }
        clients.shutdown();

        assertTrue(answered.images().size() > 50, "the load ran through the kills: " + answered.images().size());
        Set<String> items = new HashSet<>();
        for (String id : answered.images()) {
            items.add(readable(client, id, "image"));
        }
        for (String job : answered.imageJobs()) {
            items.add(readable(client, finished(api, key, job), "image"));
        }
        int images = answered.images().size() + answered.imageJobs().size();
        assertEquals(images, items.size(), "one stored image per answered request");
        for (String job : answered.videoJobs()) {
            assertTrue(items.add(readable(client, finished(api, key, job), "video")), "one video per accepted job");
        }
        assertEquals(6, answered.videoJobs().size());

        JsonNode listing = client.get("/v1/media?user=me&limit=1").body().path("result");
        assertEquals(items.size(), listing.path("total").asInt(), "the listing shows every answered item once: " + listing);
        JsonNode usage = null;
        for (int i = 0; i < 120; i++) {
            usage = client.get("/v1/usage").body().path("result").path("generations");
            if (usage.path("images").path("today").asInt() >= images && usage.path("videos").path("today").asInt() >= 6) {
                break;
            }
            Thread.sleep(500);
        }
        assertEquals(images, usage.path("images").path("today").asInt(), "the ledger counts each image once: " + usage);
        assertEquals(6, usage.path("videos").path("today").asInt(), "the ledger counts each video once: " + usage);

        for (String victim : VICTIMS) {
            assertTrue(Files.size(suite.previousLog(victim)) > 0, victim + "'s log before the kill is kept");
        }
    }

    /** One client: image after image until the load stops, each with a key of its own. */
    private static Void images(RetryingClient client, AtomicBoolean loading, Answered answered) throws Exception {
        for (int i = 0; loading.get(); i++) {
            String body = "{\"model\":\"local/pattern\",\"prompt\":\"harbour lights " + i + "\",\"size\":\"256x256\"}";
            RetryingClient.Answer a = client.post("/v1/images/generations", body, "img-" + UUID.randomUUID(), false);
            if (a.status() == 200) {
                answered.images().add(a.body().path("data").get(0).path("id").asText());
            } else if (a.status() == 202) {
                answered.imageJobs().add(a.body().path("result").path("job").path("id").asText());
            } else {
                throw new AssertionError("image request answered " + a.status() + ": " + a.body());
            }
            Thread.sleep(100);
        }
        return null;
    }

    /** Six videos, one every four seconds, accepted with 202 and left to finish on their own. */
    private static Void videos(RetryingClient client, Answered answered) throws Exception {
        for (int i = 0; i < 6; i++) {
            String body = "{\"model\":\"local/motion\",\"prompt\":\"tide " + i + "\",\"size\":\"480p\",\"duration\":2}";
            RetryingClient.Answer a = client.post("/v1/videos/generations", body, "vid-" + UUID.randomUUID(), true);
            assertEquals(202, a.status(), a.body().toString());
            answered.videoJobs().add(a.body().path("result").path("job").path("id").asText());
            Thread.sleep(4_000);
        }
        return null;
    }

    /** Waits for job {@code jobId} to end; it must have succeeded with one item, whose id is returned. */
    private static String finished(Api api, String key, String jobId) throws Exception {
        JsonNode job = api.awaitJob(key, jobId, Duration.ofMinutes(5));
        assertEquals("succeeded", job.path("status").asText(), job.toString());
        assertEquals(1, job.path("data").size(), job.toString());
        return job.path("data").get(0).path("id").asText();
    }

    /** Item {@code id} can be read, and its file downloaded; returns the id. */
    private static String readable(RetryingClient client, String id, String kind) throws Exception {
        RetryingClient.Answer item = client.get("/v1/media/" + id);
        assertEquals(200, item.status(), kind + " " + id + " answered before the kills is gone: " + item.body());
        String url = item.body().path("result").path("media").path("url").asText();
        assertTrue(client.fileBytes(url) > 0, "the file of " + id + " is served: " + url);
        return id;
    }
}
