package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.infra.FreePort;
import io.mediagate.infra.Node;
import io.mediagate.infra.RedisNode;
import io.mediagate.testing.RepoPaths;
import io.mediagate.testing.TestInfra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Traffic and outages as operators meet them: a burst of slow generations far above what runs at once is
 * served in full, and with Redis stopped callers are told to come back ({@code 503} with {@code Retry-After}),
 * never refused with someone else's limit or a 500, until it is back. The suite has a Redis of its own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OverloadIT {
    private static final int BURST = 300;
    private static Suite suite;
    private static Api api;
    private static Path redisHome;
    private static int redisPort;
    private static Node redis;

    @BeforeAll
    static void start() throws Exception {
        Path catalog = TestInfra.get().home().resolve("overload-catalog.yaml");
        Files.writeString(catalog, """
                providers:
                  - { id: slow, name: Slow, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: test/slow
                    displayName: Slow
                    media: image
                    description: answers after three seconds
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: slow, price: 0.01, unit: image, upstreamModel: slow, options: { delayMs: "3000" } }]
                    createdAt: 2026-01-01T00:00:00Z
                """);
        redisHome = TestInfra.get().home().resolve("overload-redis");
        redisPort = FreePort.find(1);
        redis = RedisNode.start(RepoPaths.lib("redis"), redisHome, redisPort);
        suite = Suite.start("overload", Map.of("MEDIAGATE_CATALOG_FILE", catalog.toString(),
                "MEDIAGATE_REDIS", "redis://127.0.0.1:" + redisPort));
        api = new Api(suite.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        if (redis != null) {
            redis.stop();
        }
    }

    @Test
    @Order(1)
    void aBurstOfSlowGenerationsIsServedInFull() throws Exception {
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY,
                "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000,\"concurrentImages\":" + (2 * BURST) + "}");
        ExecutorService pool = Executors.newFixedThreadPool(BURST);
        try {
            List<Future<Api.Reply>> calls = new ArrayList<>();
            for (int i = 0; i < BURST; i++) {
                String body = "{\"model\":\"test/slow\",\"prompt\":\"burst " + i + "\"}";
                calls.add(pool.submit(() -> api.post("/v1/images/generations", key, body)));
            }
            Map<Integer, Integer> statuses = new TreeMap<>();
            List<String> failures = new ArrayList<>();
            for (Future<Api.Reply> call : calls) {
                Api.Reply reply = call.get();
                statuses.merge(reply.status(), 1, Integer::sum);
                if (reply.status() != 200 && failures.size() < 3) {
                    failures.add(reply.body().toString());
                } else if (reply.status() == 200 && reply.body().path("data").size() != 1) {
                    failures.add("no image: " + reply.body());
                }
            }
            assertEquals(Map.of(200, BURST), statuses, "every generation of the burst answered with its image: " + failures);
            assertTrue(failures.isEmpty(), failures.toString());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    @Order(2)
    void withRedisStoppedCallersAreToldToRetryAndServedOnceItIsBack() throws Exception {
        String key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":100000,\"perHour\":1000000,\"perDay\":1000000}");
        assertEquals(200, api.get("/v1/models", key).status());
        redis.stop();
        redis.process().waitFor(10, TimeUnit.SECONDS);
        try {
            List<Api.Reply> replies = List.of(
                    api.get("/v1/models", key),
                    api.get("/v1/models", null),
                    api.get("/v1/usage", key),
                    api.post("/v1/images/generations", key, "{\"model\":\"test/slow\",\"prompt\":\"while redis is down\"}"));
            for (Api.Reply reply : replies) {
                assertEquals(503, reply.status(), reply.raw().request().uri() + " " + reply.body());
                assertEquals("service_unavailable", reply.body().path("code").asText(), reply.body().toString());
                assertTrue(reply.raw().headers().firstValue("Retry-After").isPresent(),
                        "503 says when to retry: " + reply.raw().headers().map());
            }
        } finally {
            redis = RedisNode.start(RepoPaths.lib("redis"), redisHome, redisPort);
        }
        Api.Reply back = null;
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            back = api.get("/v1/models", key);
            if (back.status() == 200) {
                break;
            }
            assertEquals(503, back.status(), back.body().toString());
            Thread.sleep(500);
        }
        assertEquals(200, back.status(), "served again once Redis is back: " + back.body());
        Api.Reply generated = api.post("/v1/images/generations", key, "{\"model\":\"test/slow\",\"prompt\":\"after\"}");
        assertEquals(200, generated.status(), generated.body().toString());
    }
}
