package io.mediagate.gateway.jobs;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.gateway.GatewayTestResources;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Job event streams opened as an attacker would: more than the key may hold, resumed past a finished job's end, kept open
 * with a key that is revoked or expires, and read by a client that stops reading. Routing is {@link FakeRouting}.
 */
@QuarkusTest
class JobStreamsIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    @TestHTTPResource("/")
    URL base;

    /** An account's id and one key of it (id and secret). */
    private record Account(String id, String keyId, String key) {
        Account another() {
            Map<String, String> k = issue(id, Map.of());
            return new Account(id, k.get("id"), k.get("key"));
        }
    }

    private static Account account(String tier, Map<String, ?> limits) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("name", "streams", "tier", tier));
        String id = admin().body(body).when().post("/v1/admin/accounts").then().statusCode(200).extract().path("result.account.id");
        if (!limits.isEmpty()) {
            admin().body(Map.of("limits", limits)).when().patch("/v1/admin/accounts/" + id).then().statusCode(200);
        }
        Map<String, String> key = issue(id, Map.of());
        return new Account(id, key.get("id"), key.get("key"));
    }

    private static Map<String, String> issue(String account, Map<String, ?> settings) {
        return admin().body(settings).when().post("/v1/admin/accounts/" + account + "/keys").then().statusCode(200).extract().path("result.key");
    }

    private static io.restassured.specification.RequestSpecification admin() {
        return given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).contentType("application/json");
    }

    private static String jobId() {
        return "job_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    /** A running job of {@code account} at routing, with a first event. */
    private static String running(Account account) {
        String id = jobId();
        FakeRouting.job(id, account.id()).add("queued", Map.of("kind", "video", "model", "local/motion"));
        return id;
    }

    private HttpRequest.Builder events(String key, String jobId) {
        return HttpRequest.newBuilder(URI.create(base + "v1/jobs/" + jobId + "/events"))
                .header("Authorization", "Bearer " + key).header("Accept", "text/event-stream");
    }

    /** An open stream: its answer, its lines read on a thread of their own as they come. */
    private static final class Open {
        final HttpResponse<InputStream> response;
        final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        final CompletableFuture<Void> ended = new CompletableFuture<>();

        Open(HttpResponse<InputStream> response) {
            this.response = response;
            Thread.ofVirtual().start(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("! " + e);
                }
                ended.complete(null);
            });
        }

        void close() throws IOException {
            response.body().close();
        }
    }

    private Open open(String key, String jobId) throws Exception {
        HttpResponse<InputStream> response = HTTP.send(events(key, jobId).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode(), "the stream opens");
        return new Open(response);
    }

    private HttpResponse<String> refused(String key, String jobId) throws Exception {
        return HTTP.send(events(key, jobId).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * A Free key may hold five streams open (its tier's {@code eventStreams}); the sixth is a 429 in the envelope naming
     * the limit; another key of the account has streams of its own; a stream closed gives its slot back. An account's own
     * limit (set by the admin) is the one applied.
     */
    @Test
    void aKeyHoldsAtMostItsLimitOfStreamsAndTheNextIs429() throws Exception {
        Account free = account("free", Map.of());
        List<Open> open = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            open.add(open(free.key(), running(free)));
        }
        HttpResponse<String> sixth = refused(free.key(), running(free));
        assertEquals(429, sixth.statusCode(), sixth.body());
        assertEquals("5", sixth.headers().firstValue("Retry-After").orElse(null));
        io.restassured.path.json.JsonPath body = new io.restassured.path.json.JsonPath(sixth.body());
        assertEquals(false, body.getBoolean("success"));
        assertEquals("rate_limit_exceeded", body.getString("code"));
        assertEquals("event_streams", body.getString("limit"));
        assertEquals(5, body.getInt("retry_after"));
        assertEquals("rate_limit_exceeded", body.getString("error.code"));
        assertTrue(body.getString("message").contains("at most 5"), body.getString("message"));

        Account second = free.another();
        Open other = open(second.key(), running(free));
        other.close();

        open.getFirst().close();
        String job = running(free);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        HttpResponse<InputStream> again;
        do {
            Thread.sleep(200);
            again = HTTP.send(events(free.key(), job).build(), HttpResponse.BodyHandlers.ofInputStream());
            if (again.statusCode() != 200) {
                again.body().close();
            }
        } while (again.statusCode() != 200 && System.nanoTime() < until);
        assertEquals(200, again.statusCode(), "a closed stream gave its slot back");
        again.body().close();
        for (Open o : open) {
            o.close();
        }

        Account one = account("pro", Map.of("eventStreams", 1));
        Open only = open(one.key(), running(one));
        HttpResponse<String> next = refused(one.key(), running(one));
        assertEquals(429, next.statusCode());
        assertTrue(next.body().contains("at most 1 "), next.body());
        only.close();
    }

    /**
     * Resumed at or past a finished job's last event (or at an id it never had), the answer is 204 at once, not a stream
     * that never ends; resumed before it, the rest comes and the stream ends. A 204 needs no slot.
     */
    @Test
    void aStreamResumedAtOrPastAFinishedJobsEndEndsAtOnce() throws Exception {
        Account account = account("free", Map.of("eventStreams", 1));
        String job = jobId();
        FakeRouting.job(job, account.id()).add("queued", Map.of("kind", "video")).add("started", Map.of("provider", "local", "attempt", 1))
                .add("completed", Map.of("job", Map.of("id", job)));
        Open holding = open(account.key(), running(account));
        for (String last : List.of("3", "4", "999999999")) {
            long start = System.nanoTime();
            HttpResponse<String> answer = HTTP.send(events(account.key(), job).header("Last-Event-ID", last).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString());
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(204, answer.statusCode(), "Last-Event-ID " + last + ": " + answer.body());
            assertTrue(ms < 3_000, "answered at once: " + ms + " ms");
        }
        holding.close();

        HttpResponse<String> rest = HTTP.send(events(account.key(), job).header("Last-Event-ID", "2").timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, rest.statusCode());
        List<String> ids = rest.body().lines().filter(l -> l.startsWith("id: ")).toList();
        assertEquals(List.of("id: 3"), ids, rest.body());
        assertTrue(rest.body().contains("event: completed"), rest.body());
    }

    /** Revoking a key ends its open streams within seconds, each with an authentication_error event; so does its expiry. */
    @Test
    void aRevokedOrExpiredKeysStreamsEndWithinSeconds() throws Exception {
        Account account = account("pro", Map.of());
        Account other = account.another();
        Open first = open(account.key(), running(account));
        Open second = open(account.key(), running(account));
        Open untouched = open(other.key(), running(account));
        long start = System.nanoTime();
        admin().when().delete("/v1/admin/keys/" + account.keyId()).then().statusCode(200);
        for (Open stream : List.of(first, second)) {
            stream.ended.get(8, TimeUnit.SECONDS);
            String all = String.join("\n", stream.lines);
            assertTrue(all.contains("event: error"), all);
            assertTrue(all.contains("\"code\":\"authentication_error\""), all);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 8_000, "ended " + ms + " ms after the revocation");
        Thread.sleep(1_500);
        assertFalse(untouched.ended.isDone(), "the account's other key keeps its stream");
        untouched.close();

        Map<String, String> brief = issue(account.id(), Map.of("expiresAt", java.time.Instant.now().plusSeconds(3).toString()));
        Open expiring = open(brief.get("key"), running(account));
        expiring.ended.get(10, TimeUnit.SECONDS);
        assertTrue(String.join("\n", expiring.lines).contains("\"code\":\"authentication_error\""), expiring.lines.toString());
    }

    /**
     * Suspending an account ends the open streams of all its keys within seconds, with an authentication_error event, and
     * refuses its keys from then on; reinstating it lets them in again.
     */
    @Test
    void aSuspendedAccountsStreamsEndWithinSecondsAndItsKeysAreRefused() throws Exception {
        Account account = account("pro", Map.of());
        Account other = account.another();
        Open first = open(account.key(), running(account));
        Open second = open(other.key(), running(account));
        long start = System.nanoTime();
        boolean suspended = admin().body(Map.of("suspended", true)).when().patch("/v1/admin/accounts/" + account.id()).then().statusCode(200)
                .extract().path("result.account.suspended");
        assertTrue(suspended, "the account says it is suspended");
        for (Open stream : List.of(first, second)) {
            stream.ended.get(8, TimeUnit.SECONDS);
            assertTrue(String.join("\n", stream.lines).contains("\"code\":\"authentication_error\""), stream.lines.toString());
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 8_000, "ended " + ms + " ms after the suspension");
        HttpResponse<String> refusedNow = refused(account.key(), running(account));
        assertEquals(401, refusedNow.statusCode(), "a suspended account's key is refused");
        assertTrue(refusedNow.body().contains("suspended"), refusedNow.body());
        admin().body(Map.of("suspended", false)).when().patch("/v1/admin/accounts/" + account.id()).then().statusCode(200)
                .body("result.account.suspended", org.hamcrest.Matchers.equalTo(false));
        open(account.key(), running(account)).close();
        admin().body(Map.of("suspended", "yes")).when().patch("/v1/admin/accounts/" + account.id()).then().statusCode(400)
                .body("error.param", org.hamcrest.Matchers.equalTo("suspended"));
    }

    /**
     * A client that opens a stream and stops reading, while its job writes megabytes of events: the gateway stops taking
     * events for it (it asks routing for no more), drops it within seconds of its stalling (the connection closes) and
     * gives its slot back. What reached the client's socket is a bounded part of what the job wrote.
     */
    @Test
    void aReaderThatDoesNotKeepUpIsDropped() throws Exception {
        Account account = account("free", Map.of("eventStreams", 1));
        String jobId = jobId();
        FakeRouting.Job job = FakeRouting.job(jobId, account.id());
        String pad = "x".repeat(10_000);
        for (int i = 0; i < 3_000; i++) {
            job.add("progress", Map.of("percent", i % 100, "pad", pad)); // 30 MB of events
        }
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new java.net.InetSocketAddress(base.getHost(), base.getPort()));
            OutputStream out = socket.getOutputStream();
            out.write(("GET /v1/jobs/" + jobId + "/events HTTP/1.1\r\nHost: " + base.getHost() + "\r\nAuthorization: Bearer " + account.key()
                    + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // The client reads nothing: the gateway fills what the sockets hold, stalls, and after 3 s drops it.
            long start = System.nanoTime();
            int polls;
            do {
                polls = job.polls();
                Thread.sleep(1_000);
            } while (job.polls() != polls && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20));
            int stalled = job.polls();
            Thread.sleep(5_000);
            assertEquals(stalled, job.polls(), "the gateway asks routing for nothing more for a client that does not read");

            String other = running(account);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            int status;
            do {
                HttpResponse<InputStream> again = HTTP.send(events(account.key(), other).build(), HttpResponse.BodyHandlers.ofInputStream());
                status = again.statusCode();
                again.body().close();
                if (status != 200) {
                    Thread.sleep(500);
                }
            } while (status != 200 && System.nanoTime() < until);
            assertEquals(200, status, "the dropped stream gave its only slot back");

            long read = 0;
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[65536];
            socket.setSoTimeout(10_000);
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read += n;
                }
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError("the stalled client's connection was left open", e);
            } catch (IOException e) {
                // reset by the gateway: the connection is gone
            }
            assertTrue(read < 12L * 1024 * 1024, "the stalled client's socket got " + read + " bytes of the job's 30 MB");
        }
    }
}
