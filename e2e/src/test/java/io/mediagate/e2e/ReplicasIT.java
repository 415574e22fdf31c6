package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

/**
 * Two gateway replicas on one Redis, one database and one Kafka: limits, keys and spend caps hold across both;
 * an idempotent retry survives a gateway restart.
 */
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

    /** A new account (Enterprise, with room for bursts) and its admin id. */
    private static String account(String budgetJson) throws Exception {
        String id = a.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"spend\",\"tier\":\"enterprise\"}")
                .body().path("result").path("account").path("id").asText();
        Api.Reply patched = a.send("PATCH", "/v1/admin/accounts/" + id, Suite.ADMIN_KEY,
                "{\"limits\":{\"perMinute\":1000,\"concurrentImages\":50}" + (budgetJson == null ? "" : ",\"budget\":" + budgetJson) + "}");
        assertEquals(200, patched.status(), patched.body().toString());
        return id;
    }

    private static String key(String account, String settingsJson) throws Exception {
        Api.Reply issued = a.post("/v1/admin/accounts/" + account + "/keys", Suite.ADMIN_KEY, settingsJson);
        assertEquals(200, issued.status(), issued.body().toString());
        return issued.body().path("result").path("key").path("key").asText();
    }

    /** The caller's budget state once no reservation is outstanding (settlement follows the jobs' end events). */
    private static JsonNode settledBudgets(String key) throws Exception {
        return settledBudgets(key, budgets -> true);
    }

    /**
     * The budgets once nothing is reserved and {@code also} holds: a job that held no reservation (an uncapped key's)
     * is charged when its end arrives from {@code generation.events}, which may come after the reservations settle.
     */
    private static JsonNode settledBudgets(String key, java.util.function.Predicate<JsonNode> also) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode budgets;
        do {
            Thread.sleep(300);
            budgets = a.get("/v1/usage", key).body().path("result").path("budgets");
        } while ((budgets.path("account").path("daily").path("reserved").decimalValue().signum() != 0 || !also.test(budgets))
                && System.currentTimeMillis() < deadline);
        return budgets;
    }

    @Test
    void aBudgetSpentThroughTwoReplicasAllowsExactlyTheCap() throws Exception {
        String key = key(account("{\"daily\":0.10}"), "");
        ExecutorService pool = Executors.newFixedThreadPool(30);
        List<Future<Api.Reply>> calls = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Api api = i % 2 == 0 ? a : b;
            calls.add(pool.submit(() -> api.post("/v1/images/generations", key, "{\"model\":\"test/quick\",\"prompt\":\"spend\"}")));
        }
        int ok = 0;
        int refused = 0;
        for (Future<Api.Reply> call : calls) {
            Api.Reply r = call.get();
            if (r.status() == 200) {
                ok++;
            } else {
                assertEquals(402, r.status(), r.body().toString());
                assertEquals("budget_exceeded", r.body().path("code").asText());
                JsonNode budget = r.body().path("budget");
                assertEquals("account", budget.path("scope").asText(), budget.toString());
                assertEquals("daily", budget.path("period").asText());
                assertEquals(0, new java.math.BigDecimal("0.10").compareTo(budget.path("cap").decimalValue()), budget.toString());
                assertTrue(budget.path("resetsAt").asText().endsWith("T00:00:00Z"), budget.toString());
                refused++;
            }
        }
        pool.shutdown();
        assertEquals(10, ok, "0.10 USD of 0.01 images is exactly 10, whichever replica serves them");
        assertEquals(20, refused);
        JsonNode daily = settledBudgets(key).path("account").path("daily");
        assertEquals(0, new java.math.BigDecimal("0.10").compareTo(daily.path("spent").decimalValue()), daily.toString());
        assertEquals(0, daily.path("remaining").decimalValue().signum(), daily.toString());
    }

    @Test
    void aKeysOwnCapStopsThatKeyOnly() throws Exception {
        String account = account(null);
        String capped = key(account, "{\"name\":\"capped\",\"budget\":{\"daily\":0.02}}");
        String other = key(account, "");
        for (int i = 0; i < 2; i++) {
            assertEquals(200, (i == 0 ? a : b).post("/v1/images/generations", capped, "{\"model\":\"test/quick\",\"prompt\":\"k\"}").status());
        }
        Api.Reply third = b.post("/v1/images/generations", capped, "{\"model\":\"test/quick\",\"prompt\":\"k\"}");
        assertEquals(402, third.status(), third.body().toString());
        assertEquals("key", third.body().path("budget").path("scope").asText());
        assertEquals(200, a.post("/v1/images/generations", other, "{\"model\":\"test/quick\",\"prompt\":\"k\"}").status());
        JsonNode budgets = settledBudgets(capped,
                b -> b.path("account").path("daily").path("spent").decimalValue().compareTo(new java.math.BigDecimal("0.03")) >= 0);
        assertEquals(0, new java.math.BigDecimal("0.02").compareTo(budgets.path("key").path("daily").path("spent").decimalValue()), budgets.toString());
        assertEquals(0, new java.math.BigDecimal("0.03").compareTo(budgets.path("account").path("daily").path("spent").decimalValue()),
                "the account counts both keys' spend: " + budgets);
    }

    private static int used(JsonNode usage) {
        JsonNode minute = usage.path("rateLimits").path("minute");
        return minute.path("limit").asInt() - minute.path("remaining").asInt();
    }

    /** A job's event stream left on one replica is taken up on the other where it stopped ({@code Last-Event-ID}). */
    @Test
    void anEventStreamResumesOnTheOtherReplicaWhereItStopped() throws Exception {
        String key = a.newUserKey(Suite.ADMIN_KEY, "pro");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Api.Reply> made = pool.submit(() -> a.post("/v1/images/generations", key, "{\"model\":\"test/slow\",\"prompt\":\"p\"}"));
            String jobId = null;
            for (int i = 0; i < 200 && jobId == null; i++) {
                JsonNode jobs = b.get("/v1/jobs?limit=1", key).body().path("result").path("jobs");
                if (jobs.isEmpty()) {
                    Thread.sleep(50);
                } else {
                    jobId = jobs.get(0).path("id").asText();
                }
            }
            assertTrue(jobId != null, "the held request's job is listed");
            List<Api.Event> first = a.events(key, jobId, null, e -> e.event().equals("started"));
            assertEquals("started", first.getLast().event(), first.toString());
            List<Api.Event> rest = b.events(key, jobId, String.valueOf(first.getLast().id()), e -> false);
            assertEquals("completed", rest.getLast().event(), rest.toString());
            List<Long> ids = new ArrayList<>(first.stream().map(Api.Event::id).toList());
            ids.addAll(rest.stream().map(Api.Event::id).toList());
            assertEquals(java.util.stream.LongStream.rangeClosed(1, ids.size()).boxed().toList(), ids, "nothing missed, nothing twice");
            assertEquals(200, made.get().status());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    @Order(Integer.MAX_VALUE - 1) // restarts gateway a
    void anIdempotentRetryAfterAGatewayRestartGetsTheFirstJobAndOneCharge() throws Exception {
        String key = key(account(null), "");
        String body = "{\"model\":\"test/slow\",\"prompt\":\"once only\"}";
        String idem = "retry-" + System.nanoTime();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Api.Reply> lost = pool.submit(() -> a.post("/v1/images/generations", key, body, "Idempotency-Key", idem));
        Thread.sleep(1_500);
        suite.kill("gateway-service"); // the first attempt's gateway dies while the job runs
        pool.shutdownNow();
        assertThrows(java.util.concurrent.ExecutionException.class, lost::get, "the first attempt's connection was cut");
        suite.restart("gateway-service");

        Api.Reply retry = a.post("/v1/images/generations", key, body, "Idempotency-Key", idem);
        assertEquals(200, retry.status(), retry.body().toString());
        assertEquals("true", retry.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        String media = retry.body().path("data").path(0).path("id").asText();
        assertTrue(media.startsWith("med_"), retry.body().toString());
        Api.Reply again = b.post("/v1/images/generations", key, " {\"prompt\": \"once only\", \"model\": \"test/slow\"} ", "Idempotency-Key", idem);
        assertEquals(200, again.status(), again.body().toString());
        assertEquals(media, again.body().path("data").path(0).path("id").asText(), "the same job's image, however the body is spaced");
        Api.Reply other = a.post("/v1/images/generations", key, "{\"model\":\"test/slow\",\"prompt\":\"another\"}", "Idempotency-Key", idem);
        assertEquals(409, other.status(), other.body().toString());
        assertEquals("idempotency_conflict", other.body().path("code").asText());

        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode usage;
        do {
            Thread.sleep(500);
            usage = a.get("/v1/usage", key).body().path("result");
        } while (usage.path("generations").path("images").path("today").asInt() < 1 && System.currentTimeMillis() < deadline);
        Thread.sleep(1_000); // a second charge, were there one, would follow the first closely
        usage = a.get("/v1/usage", key).body().path("result");
        assertEquals(1, usage.path("generations").path("images").path("today").asInt(), "one job, however many retries: " + usage);
        assertEquals(0, new java.math.BigDecimal("0.01").compareTo(usage.path("spend").path("today").decimalValue()), usage.toString());
    }

    @Test
    @Order(Integer.MAX_VALUE) // kills replica b: the other tests need it
    void leasesHeldByAKilledReplicaAreFreedWhenItsJobsFinish() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        // Two image generations at once, and requests enough for polling.
        String account = account("{\"daily\":1}");
        Api.Reply limited = a.send("PATCH", "/v1/admin/accounts/" + account, Suite.ADMIN_KEY, "{\"limits\":{\"concurrentImages\":2,\"perMinute\":1000}}");
        assertEquals(200, limited.status(), limited.body().toString());
        String key = key(account, "");
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
        // The same events settled the spend the dead replica reserved: four images of 0.01, nothing left reserved.
        JsonNode daily = settledBudgets(key).path("account").path("daily");
        assertEquals(0, daily.path("reserved").decimalValue().signum(), daily.toString());
        assertEquals(0, new java.math.BigDecimal("0.04").compareTo(daily.path("spent").decimalValue()), daily.toString());
    }
}
