package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.testing.TestInfra;
import io.mediagate.testing.Windows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Two gateway replicas on one Redis, one database and one Kafka: limits and keys hold across both. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasIT {
    private static Suite suite;
    private static Api a;
    private static Api b;
    private static Suite.Replica replica;

    @BeforeAll
    static void start() throws Exception {
        Path catalog = TestInfra.get().home().resolve("replicas-catalog.yaml");
        Files.writeString(catalog, """
                providers:
                  - { id: slow, name: Slow, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                  - { id: quick, name: Quick, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: test/slow
                    displayName: Slow
                    media: image
                    description: takes five seconds
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: slow, price: 0.01, unit: image, upstreamModel: slow, options: { delayMs: "5000" } }]
                    createdAt: 2026-01-01T00:00:00Z
                  - id: test/quick
                    displayName: Quick
                    media: image
                    description: answers at once
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: quick, price: 0.01, unit: image, upstreamModel: ok }]
                    createdAt: 2026-01-01T00:00:00Z
                """);
        suite = Suite.start("replicas", Map.of("MEDIAGATE_CATALOG_FILE", catalog.toString()));
        replica = suite.startGatewayReplica();
        a = new Api(suite.baseUrl());
        b = new Api(replica.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    @Test
    void fiftyClientsAcrossTwoReplicasGetExactlyTheLimit() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        String key = a.newUserKey(Suite.ADMIN_KEY, "free");
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Future<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Api api = i % 2 == 0 ? a : b;
            calls.add(pool.submit(() -> api.get("/v1/models", key).status()));
        }
        int allowed = 0;
        for (Future<Integer> call : calls) {
            allowed += call.get() == 200 ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(10, allowed, "a Free key gets exactly 10 requests a minute, whichever replica serves them");
    }

    @Test
    void aKeyRevokedOnOneReplicaFailsAtOnceOnTheOther() throws Exception {
        String account = a.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"r\",\"tier\":\"pro\"}")
                .body().path("result").path("account").path("id").asText();
        JsonNode key = a.post("/v1/admin/accounts/" + account + "/keys", Suite.ADMIN_KEY, "").body().path("result").path("key");
        assertEquals(200, b.get("/v1/models", key.path("key").asText()).status());
        assertEquals(200, a.send("DELETE", "/v1/admin/keys/" + key.path("id").asText(), Suite.ADMIN_KEY).status());
        assertEquals(401, b.get("/v1/models", key.path("key").asText()).status());
    }

    @Test
    void aTierChangedOnOneReplicaAppliesAtOnceOnTheOther() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        Api.Reply created = a.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"t\",\"tier\":\"free\"}");
        String account = created.body().path("result").path("account").path("id").asText();
        String key = a.post("/v1/admin/accounts/" + account + "/keys", Suite.ADMIN_KEY, "").body()
                .path("result").path("key").path("key").asText();
        // b has seen (and cached) the key as a Free key.
        JsonNode before = b.get("/v1/usage", key).body().path("result");
        assertEquals("free", before.path("tier").asText(), before.toString());
        Api.Reply patched = a.send("PATCH", "/v1/admin/accounts/" + account, Suite.ADMIN_KEY, "{\"tier\":\"pro\"}");
        assertEquals(200, patched.status(), patched.body().toString());
        JsonNode after = b.get("/v1/usage", key).body().path("result");
        assertEquals("pro", after.path("tier").asText(), "the next request on b sees the new tier: " + after);
        assertEquals(used(before) + 1, used(after), "the minute window carries over: " + after);
        assertTrue(after.path("rateLimits").path("minute").path("limit").asInt()
                > before.path("rateLimits").path("minute").path("limit").asInt(), after.toString());
    }

    @Test
    void aKeyCachedOnBothReplicasIsRefusedOnBothOnceRevoked() throws Exception {
        String account = a.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"c\",\"tier\":\"pro\"}")
                .body().path("result").path("account").path("id").asText();
        JsonNode key = a.post("/v1/admin/accounts/" + account + "/keys", Suite.ADMIN_KEY, "").body().path("result").path("key");
        for (int i = 0; i < 3; i++) {
            assertEquals(200, a.get("/v1/models", key.path("key").asText()).status());
            assertEquals(200, b.get("/v1/models", key.path("key").asText()).status());
        }
        assertEquals(200, b.send("DELETE", "/v1/admin/keys/" + key.path("id").asText(), Suite.ADMIN_KEY).status());
        Api.Reply onA = a.get("/v1/models", key.path("key").asText());
        Api.Reply onB = b.get("/v1/models", key.path("key").asText());
        assertEquals(401, onA.status(), onA.body().toString());
        assertEquals(401, onB.status(), onB.body().toString());
        assertEquals("authentication_error", onA.body().path("code").asText(), onA.body().toString());
    }

    private static int used(JsonNode usage) {
        JsonNode minute = usage.path("rateLimits").path("minute");
        return minute.path("limit").asInt() - minute.path("remaining").asInt();
    }

    @Test
    @Order(Integer.MAX_VALUE) // kills replica b: the other tests need it
    void leasesHeldByAKilledReplicaAreFreedWhenItsJobsFinish() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        // Two image generations at once, and requests enough for polling.
        String key = a.newKeyWithLimits(Suite.ADMIN_KEY, "{\"concurrentImages\":2,\"perMinute\":1000}");
        Api.Reply warm = a.post("/v1/images/generations", key, "{\"model\":\"test/quick\",\"prompt\":\"warm\"}");
        assertEquals(200, warm.status(), warm.body().toString());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (int i = 0; i < 2; i++) {
            pool.submit(() -> b.post("/v1/images/generations", key, "{\"model\":\"test/slow\",\"prompt\":\"held by b\"}"));
        }
        Thread.sleep(1_500);
        replica.kill(); // the holder dies while its two generations run
        pool.shutdownNow();
        Api.Reply refused = a.post("/v1/images/generations", key, "{\"model\":\"test/quick\",\"prompt\":\"third\"}");
        assertEquals(429, refused.status(), refused.body().toString());
        assertEquals("concurrency_image", refused.body().path("limit").asText());
        Api.Reply accepted = null;
        // The dead replica's share of the lease-release partitions moves to the survivor after its session
        // (10 s) runs out and the group rebalances.
        long deadline = System.currentTimeMillis() + 45_000;
        while (System.currentTimeMillis() < deadline) {
            Thread.sleep(1_000);
            accepted = a.post("/v1/images/generations", key, "{\"model\":\"test/quick\",\"prompt\":\"after\"}");
            if (accepted.status() == 200) {
                break;
            }
        }
        assertEquals(200, accepted.status(), "the completion events freed the dead replica's leases: " + accepted.body());
    }
}
