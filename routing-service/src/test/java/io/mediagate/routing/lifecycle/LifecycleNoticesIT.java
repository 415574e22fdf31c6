package io.mediagate.routing.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.webhooks.WebhookSigning;
import io.mediagate.routing.jobs.JobRecord;
import io.mediagate.testing.ManualClock;
import io.mediagate.testing.TestInfra;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The notices that a model is going and gone, with the clock pinned before and after its shutdown day: the accounts whose
 * jobs named it in the last 30 days with a webhook are told at the latest such job's URL, signed with their own secret,
 * once per account, model and kind however often the notices run; accounts that used it longer ago, or without a webhook,
 * are not.
 */
@QuarkusTest
@TestProfile(LifecycleNoticesIT.Profile.class)
class LifecycleNoticesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant BEFORE = Instant.parse("2026-12-10T09:00:00Z");
    private static final Instant AFTER = Instant.parse("2026-12-15T00:00:00Z");

    /** No scheduled run during the test (it would ask a catalog that is not there); the receiver is on loopback. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mediagate.lifecycle.notices-delay", "1h", "mediagate.webhooks.allow-private", "true");
        }
    }

    /** One message as the receiver got it. */
    record Received(String id, String timestamp, String signature, String body, String path) {}

    @Inject
    ManualClock clock;
    @Inject
    LifecycleNotices notices;
    private HttpServer receiver;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private String model;

    @BeforeEach
    void start() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            received.add(new Received(exchange.getRequestHeaders().getFirst("webhook-id"), exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8), exchange.getRequestURI().getPath()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        model = "acme/old-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
        clock.release();
    }

    private String hook(String path) {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + path;
    }

    private void job(String user, String named, String webhook, Instant at) {
        QuarkusTransaction.requiringNew().run(() -> {
            JobRecord job = new JobRecord();
            job.id = "job_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
            job.userId = user;
            job.kind = io.mediagate.common.values.MediaKind.IMAGE;
            job.status = JobStatus.SUCCEEDED;
            job.request = "{}";
            job.model = named;
            job.webhookUrl = webhook;
            job.createdAt = at;
            job.updatedAt = at;
            job.persist();
        });
    }

    private List<ModelLifecycle> lifecycles() {
        return List.of(new ModelLifecycle(model, "Old", new Lifecycle(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-12-15"),
                "acme/new", "https://provider.example/deprecations")));
    }

    /**
     * Waits until {@code count} messages arrived, then a little longer (nothing more comes). The pinned clock is moved on
     * meanwhile, so a delivery tried again (after 5 s, by the outbox's clock) is tried within the wait.
     */
    private void await(int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (messages().size() < count && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            clock.advance(Duration.ofSeconds(6));
        }
        Thread.sleep(300);
    }

    /** What arrived, one per message id (a delivery tried again is the same message). */
    private List<Received> messages() {
        Map<String, Received> byId = new java.util.LinkedHashMap<>();
        received.forEach(r -> byId.putIfAbsent(r.id(), r));
        return List.copyOf(byId.values());
    }

    private static String signature(String user, Received r) throws Exception {
        String secret = WebhookSigning.secret(WebhookSigning.readMaster(TestInfra.get().keys().resolve("webhook-master.key")), user);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(WebhookSigning.PREFIX.length())), "HmacSHA256"));
        return "v1," + Base64.getEncoder().encodeToString(mac.doFinal((r.id() + "." + r.timestamp() + "." + r.body())
                .getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void recentUsersAreToldOnceItIsDeprecatedThenOnceItIsRetiredSignedWithTheirSecret() throws Exception {
        String alice = "usr_a" + UUID.randomUUID().toString().substring(0, 8);
        String bob = "usr_b" + UUID.randomUUID().toString().substring(0, 8);
        String carol = "usr_c" + UUID.randomUUID().toString().substring(0, 8);
        String dave = "usr_d" + UUID.randomUUID().toString().substring(0, 8);
        String frank = "usr_f" + UUID.randomUUID().toString().substring(0, 8);
        job(alice, model, hook("/alice-old"), BEFORE.minus(Duration.ofDays(3)));
        job(alice, model, hook("/alice-latest"), BEFORE.minus(Duration.ofDays(1)));
        job(alice, model, null, BEFORE.minus(Duration.ofHours(1)));
        job(alice, "acme/other", hook("/alice-other"), BEFORE.minus(Duration.ofHours(2)));
        job(bob, model, hook("/bob"), BEFORE.minus(Duration.ofDays(20)));
        job(carol, model, hook("/carol"), BEFORE.minus(Duration.ofDays(31)));
        job(dave, model, null, BEFORE.minus(Duration.ofDays(2)));
        job(frank, model, hook("/frank"), BEFORE.minus(Duration.ofDays(29)));

        clock.set(BEFORE);
        assertEquals(3, notices.send(lifecycles()));
        await(3);
        assertEquals(0, notices.send(lifecycles()), "told once");
        await(4);
        assertEquals(3, messages().size(), received.toString());
        Map<String, Received> byPath = new java.util.HashMap<>();
        messages().forEach(r -> byPath.put(r.path(), r));
        assertEquals(java.util.Set.of("/alice-latest", "/bob", "/frank"), byPath.keySet(),
                "the latest job's webhook; not carol (31 days ago) nor dave (no webhook)");
        Received toAlice = byPath.get("/alice-latest");
        assertEquals(signature(alice, toAlice), toAlice.signature());
        assertEquals(signature(bob, byPath.get("/bob")), byPath.get("/bob").signature());
        JsonNode message = JSON.readTree(toAlice.body());
        assertEquals("model.deprecated", message.path("type").asText());
        assertEquals(model, message.path("data").path("model").asText());
        assertEquals("deprecated", message.path("data").path("status").asText());
        assertEquals("2026-12-15", message.path("data").path("shutdown").asText());
        assertEquals("acme/new", message.path("data").path("replacement").asText());
        assertEquals(BEFORE.minus(Duration.ofDays(1)).toString(), message.path("data").path("lastUsedAt").asText());

        received.clear();
        clock.set(AFTER);
        assertEquals(2, notices.send(lifecycles()), "frank's job is more than 30 days old by now");
        assertEquals(0, notices.send(lifecycles()));
        await(2);
        assertEquals(2, messages().size(), received.toString());
        for (Received r : messages()) {
            JsonNode retired = JSON.readTree(r.body());
            assertEquals("model.retired", retired.path("type").asText());
            assertEquals("retired", retired.path("data").path("status").asText());
            assertTrue(r.id().startsWith("ntc_"), r.id());
        }
    }

    @Test
    void nothingIsSentForAModelNotYetAnnouncedAsGoing() throws Exception {
        String erin = "usr_e" + UUID.randomUUID().toString().substring(0, 8);
        job(erin, model, hook("/erin"), BEFORE.minus(Duration.ofDays(1)));
        clock.set(Instant.parse("2026-10-01T00:00:00Z"));
        List<ModelLifecycle> ahead = List.of(new ModelLifecycle(model, "Old", new Lifecycle(LocalDate.parse("2026-11-01"), null, null,
                "https://provider.example/deprecations")));
        assertEquals(0, notices.send(ahead), "deprecated only from 2026-11-01");
        clock.set(BEFORE);
        assertEquals(1, notices.send(ahead));
        await(1);
        assertEquals(1, messages().size());
    }
}
