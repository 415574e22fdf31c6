package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.mediagate.testing.FakeOpenAiImages;
import io.mediagate.testing.TestInfra;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Models going and gone through the whole suite, on a catalog dated from today (the processes keep the real clock; the
 * instant of the shutdown itself is covered by the services' own tests with a pinned clock): a deprecated model's answers
 * carry its Deprecation, Sunset and Link headers; a model past its shutdown is refused 410 naming its replacement without
 * its provider hearing of it, or served by the replacement for requests and accounts taking upgrades; a model every
 * provider says is gone is 410 too; {@code /v1/models} and the administrator's list say so; and the accounts that used
 * them are told by a signed webhook, once.
 */
class LifecycleIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE = "https://provider.example/deprecations";
    private static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);
    private static final Map<String, FakeOpenAiImages> UPSTREAMS = new LinkedHashMap<>();
    private static final List<Delivery> DELIVERIES = new CopyOnWriteArrayList<>();
    private static Suite suite;
    private static Api api;
    private static String key;
    private static HttpServer receiver;

    /** A webhook message as it arrived. */
    record Delivery(String id, String timestamp, String signature, String body, String path) {}

    @BeforeAll
    static void start() throws Exception {
        for (String name : List.of("old", "new", "gone")) {
            UPSTREAMS.put(name, new FakeOpenAiImages());
        }
        UPSTREAMS.get("gone").mode(FakeOpenAiImages.Mode.MODEL_NOT_FOUND);
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            DELIVERIES.add(new Delivery(exchange.getRequestHeaders().getFirst("webhook-id"), exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8), exchange.getRequestURI().getPath()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        Path catalog = TestInfra.get().home().resolve("lifecycle-catalog.yaml");
        Files.writeString(catalog, catalogYaml());
        suite = Suite.start("lifecycle", Map.of("MEDIAGATE_CATALOG_FILE", catalog.toString(), "MEDIAGATE_WEBHOOKS_ALLOW_PRIVATE", "true",
                "MEDIAGATE_STAGING_BUCKET", "e2e-staging", "MEDIAGATE_LIFECYCLE_NOTICES_EVERY", "2s", "MEDIAGATE_LIFECYCLE_NOTICES_DELAY", "1s"));
        api = new Api(suite.baseUrl());
        key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":1000,\"videoPerMinute\":100,\"concurrentVideos\":20}");
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline
                && api.post("/v1/images/generations", key, "{\"model\":\"acme/new\",\"prompt\":\"warm up\"}").status() != 200) {
            Thread.sleep(500);
        }
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        UPSTREAMS.values().forEach(FakeOpenAiImages::close);
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private static String provider(String id, String upstream) {
        return "  - { id: " + id + ", name: " + id + ", adapter: openai-compatible, media: [image], enabled: true, baseUrl: \""
                + UPSTREAMS.get(upstream).baseUrl() + "\", createdAt: 2026-01-01T00:00:00Z }\n";
    }

    private static String lifecycle(int deprecatedDays, int shutdownDays, String replacement) {
        return "    lifecycle: { deprecated: " + TODAY.plusDays(deprecatedDays) + ", shutdown: " + TODAY.plusDays(shutdownDays)
                + (replacement == null ? "" : ", replacement: " + replacement) + ", source: \"" + PAGE + "\" }\n";
    }

    private static String image(String id, String lifecycle, String provider, String upstream) {
        return "  - id: " + id + "\n    displayName: " + id + "\n    media: image\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n    sizes: [64x64]\n    defaultSize: 64x64\n"
                + "    inputs: [text]\n" + lifecycle
                + "    offers:\n      - { provider: " + provider + ", price: 0.01, unit: image, upstreamModel: " + upstream + " }\n"
                + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static String video(String id, String lifecycle) {
        return "  - id: " + id + "\n    displayName: " + id + "\n    media: video\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n    sizes: [480p]\n    defaultSize: 480p\n"
                + "    durations: { min: 1, max: 4, default: 1 }\n    inputs: [text]\n" + lifecycle
                + "    offers:\n      - { provider: clips, price: 0.05, unit: second, upstreamModel: ok }\n    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static String catalogYaml() {
        return "providers:\n" + provider("old-oa", "old") + provider("new-oa", "new") + provider("gone-oa", "gone")
                + "  - { id: clips, name: clips, adapter: fake, media: [video], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "models:\n"
                + image("acme/going", lifecycle(-10, 20, "acme/new"), "old-oa", "m-going")
                + image("acme/gone", lifecycle(-60, -1, "acme/new"), "old-oa", "m-gone")
                + image("acme/older", lifecycle(-90, -30, "acme/gone"), "old-oa", "m-older")
                + image("acme/new", "", "new-oa", "m-new")
                + image("acme/vanished", "", "gone-oa", "m-vanished")
                + video("acme/clip-going", lifecycle(-5, 20, "acme/clip-new"))
                + video("acme/clip-gone", lifecycle(-40, -2, "acme/clip-new"))
                + video("acme/clip-new", "");
    }

    private static long calls(String upstream, String model) {
        return UPSTREAMS.get(upstream).received().stream().filter(r -> model.equals(r.body().path("model").asText())).count();
    }

    private static String httpDate(LocalDate day) {
        return DateTimeFormatter.ofPattern("EEE, dd MMM yyyy '00:00:00 GMT'", Locale.ENGLISH).format(day);
    }

    private static String deprecation(int days) {
        return "@" + TODAY.plusDays(days).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    private static String header(Api.Reply reply, String name) {
        return reply.raw().headers().firstValue(name).orElse(null);
    }

    private static String account(String modelUpgrades) throws Exception {
        String id = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"lifecycle\",\"tier\":\"pro\"" + (modelUpgrades == null ? ""
                : ",\"modelUpgrades\":\"" + modelUpgrades + "\"") + "}").body().path("result").path("account").path("id").asText();
        return api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "").body().path("result").path("key").path("key").asText();
    }

    @Test
    void aDeprecatedModelsAnswersSayWhenItShutsAndWhatReplacesIt() throws Exception {
        Api.Reply image = api.post("/v1/images/generations", key, "{\"model\":\"acme/going\",\"prompt\":\"still here\"}");
        assertEquals(200, image.status(), image.body().toString());
        assertEquals("old-oa", image.body().path("stats").path("providerId").asText());
        assertEquals(deprecation(-10), header(image, "Deprecation"));
        assertEquals(httpDate(TODAY.plusDays(20)), header(image, "Sunset"));
        assertEquals("</v1/models/acme/new>; rel=\"successor-version\", <" + PAGE + ">; rel=\"deprecation\"; type=\"text/html\"",
                header(image, "Link"));
        Api.Reply job = api.post("/v1/videos/generations", key, "{\"model\":\"acme/clip-going\",\"prompt\":\"still here\"}",
                "Prefer", "respond-async");
        assertEquals(202, job.status(), job.body().toString());
        assertEquals(deprecation(-5), header(job, "Deprecation"));
        assertEquals(httpDate(TODAY.plusDays(20)), header(job, "Sunset"));
        assertTrue(header(job, "Link").startsWith("</v1/models/acme/clip-new>; rel=\"successor-version\""), header(job, "Link"));
        java.net.http.HttpResponse<java.util.stream.Stream<String>> streamed = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(URI.create(suite.baseUrl() + "/v1/images/generations"))
                        .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"model\":\"acme/going\",\"prompt\":\"streamed\",\"stream\":true}"))
                        .build(), java.net.http.HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, streamed.statusCode());
        assertEquals(httpDate(TODAY.plusDays(20)), streamed.headers().firstValue("Sunset").orElse(null), "a stream says so too");
        assertTrue(streamed.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        assertTrue(streamed.body().toList().contains("event: image_generation.completed"), "and streams as any other");
        Api.Reply current = api.post("/v1/images/generations", key, "{\"model\":\"acme/new\",\"prompt\":\"current\"}");
        assertEquals(200, current.status());
        assertEquals(null, header(current, "Deprecation"));
        assertEquals(null, header(current, "Sunset"));
    }

    @Test
    void aModelPastItsShutdownIs410NamingItsReplacementAndItsProviderNeverHearsOfIt() throws Exception {
        Api.Reply refused = api.post("/v1/images/generations", key, "{\"model\":\"acme/gone\",\"prompt\":\"too late\"}");
        assertEquals(410, refused.status(), refused.body().toString());
        assertEquals("model_retired", refused.body().path("code").asText());
        assertEquals("model_retired", refused.body().path("error").path("code").asText());
        assertEquals("acme/new", refused.body().path("replacement").asText());
        assertTrue(refused.body().path("message").asText().contains("shut down by its provider on " + TODAY.minusDays(1)),
                refused.body().toString());
        assertEquals(httpDate(TODAY.minusDays(1)), header(refused, "Sunset"));
        Api.Reply explicit = api.post("/v1/images/generations", key, "{\"model\":\"acme/gone\",\"prompt\":\"too late\",\"provider\":\"old-oa\"}");
        assertEquals(410, explicit.status(), explicit.body().toString());
        assertEquals(0, calls("old", "m-gone"), "the shut down model's provider is never called");
    }

    @Test
    void takingUpgradesARequestOrAnAccountIsServedByTheReplacement() throws Exception {
        long before = calls("new", "m-new");
        Api.Reply upgraded = api.post("/v1/images/generations", key, "{\"model\":\"acme/gone\",\"prompt\":\"upgrade me\",\"model_upgrades\":\"replacement\"}");
        assertEquals(200, upgraded.status(), upgraded.body().toString());
        assertEquals("acme/new", upgraded.body().path("stats").path("applied").path("model").asText());
        assertEquals("new-oa", upgraded.body().path("stats").path("providerId").asText());
        assertEquals("acme/new", upgraded.body().path("data").get(0).path("model").asText(), "the item is the replacement's");
        assertEquals(before + 1, calls("new", "m-new"));
        assertEquals(deprecation(-60), header(upgraded, "Deprecation"), "the answer still says the model named is gone");

        Api.Reply chained = api.post("/v1/images/generations", key, "{\"model\":\"acme/older\",\"prompt\":\"upgrade me twice\",\"model_upgrades\":\"replacement\"}");
        assertEquals(200, chained.status(), chained.body().toString());
        assertEquals("acme/new", chained.body().path("stats").path("applied").path("model").asText(), "acme/gone is retired too");

        String upgrading = account("replacement");
        Api.Reply byAccount = api.post("/v1/images/generations", upgrading, "{\"model\":\"acme/gone\",\"prompt\":\"my account upgrades\"}");
        assertEquals(200, byAccount.status(), byAccount.body().toString());
        assertEquals("acme/new", byAccount.body().path("stats").path("applied").path("model").asText());
        Api.Reply optedOut = api.post("/v1/images/generations", upgrading, "{\"model\":\"acme/gone\",\"prompt\":\"not this one\",\"model_upgrades\":\"none\"}");
        assertEquals(410, optedOut.status(), optedOut.body().toString());
        Api.Reply plain = api.post("/v1/images/generations", upgrading, "{\"model\":\"acme/going\",\"prompt\":\"not retired yet\"}");
        assertEquals(200, plain.status());
        assertTrue(plain.body().path("stats").path("applied").path("model").isMissingNode(), "a model still served is not replaced");
        assertEquals(0, calls("old", "m-gone"));
    }

    @Test
    void aModelEveryProviderSaysIsGoneIs410NotAProviderOutageToRetry() throws Exception {
        Api.Reply first = api.post("/v1/images/generations", key, "{\"model\":\"acme/vanished\",\"prompt\":\"anyone?\"}");
        assertEquals(410, first.status(), first.body().toString());
        assertEquals("model_retired", first.body().path("code").asText());
        assertTrue(first.body().path("replacement").isMissingNode());
        assertEquals(1, calls("gone", "m-vanished"));
        Api.Reply again = api.post("/v1/images/generations", key, "{\"model\":\"acme/vanished\",\"prompt\":\"anyone now?\"}");
        assertEquals(410, again.status(), again.body().toString());
        assertEquals(1, calls("gone", "m-vanished"), "its retired offer is not called again");
    }

    @Test
    void theModelsListAndTheAdministratorSayWhatIsGoingAndGone() throws Exception {
        JsonNode going = api.get("/v1/models/acme/going", key).body().path("result").path("model");
        assertEquals("deprecated", going.path("lifecycle").path("status").asText());
        assertEquals(TODAY.plusDays(20).toString(), going.path("lifecycle").path("shutdown").asText());
        assertEquals("acme/new", going.path("lifecycle").path("replacement").asText());
        JsonNode gone = api.get("/v1/models/acme/gone", key).body().path("result").path("model");
        assertEquals("retired", gone.path("lifecycle").path("status").asText());
        assertEquals("retired", gone.path("providers").get(0).path("status").asText());
        JsonNode soon = api.get("/v1/admin/catalog/shutdowns", Suite.ADMIN_KEY).body().path("result");
        assertEquals(List.of("acme/clip-going", "acme/going"), java.util.stream.StreamSupport.stream(soon.path("shutdowns").spliterator(), false)
                .map(s -> s.path("model").asText()).sorted().toList());
        assertEquals(20, soon.path("shutdowns").get(0).path("daysLeft").asInt());
        assertEquals(403, api.get("/v1/admin/catalog/shutdowns", key).status());
    }

    @Test
    void theAccountsThatUsedAModelAreToldOnceItIsDeprecatedAndOnceItIsRetiredSignedWithTheirSecret() throws Exception {
        String user = account(null);
        String secret = api.get("/v1/webhooks/secret", user).body().path("result").path("secret").asText();
        String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/notices-" + user.substring(3, 11);
        Api.Reply going = api.post("/v1/videos/generations", user, "{\"model\":\"acme/clip-going\",\"prompt\":\"going\",\"webhook_url\":\""
                + hook + "\"}", "Prefer", "respond-async");
        assertEquals(202, going.status(), going.body().toString());
        Api.Reply gone = api.post("/v1/videos/generations", user, "{\"model\":\"acme/clip-gone\",\"prompt\":\"gone\",\"webhook_url\":\""
                + hook + "\"}", "Prefer", "respond-async");
        assertEquals(202, gone.status(), gone.body().toString());
        long deadline = System.currentTimeMillis() + 60_000;
        while (notices(hook).size() < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(250);
        }
        Thread.sleep(5_000); // two more runs of the notices: nothing is told twice
        List<Delivery> told = notices(hook);
        assertEquals(2, told.size(), told.toString());
        Map<String, String> kinds = new LinkedHashMap<>();
        for (Delivery d : told) {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(6)), "HmacSHA256"));
            assertEquals("v1," + Base64.getEncoder().encodeToString(mac.doFinal((d.id() + "." + d.timestamp() + "." + d.body())
                    .getBytes(StandardCharsets.UTF_8))), d.signature(), "signed per Standard Webhooks with the account's secret");
            JsonNode message = JSON.readTree(d.body());
            kinds.put(message.path("data").path("model").asText(), message.path("type").asText());
            assertEquals("acme/clip-new", message.path("data").path("replacement").asText());
        }
        assertEquals(Map.of("acme/clip-going", "model.deprecated", "acme/clip-gone", "model.retired"), kinds);
        JsonNode failed = api.awaitJob(user, gone.body().path("result").path("job").path("id").asText(), java.time.Duration.ofSeconds(30));
        assertEquals("model_retired", failed.path("error").path("code").asText(), failed.toString());
    }

    /** The lifecycle notices that reached {@code hook}, one per message id. */
    private static List<Delivery> notices(String hook) {
        String path = URI.create(hook).getPath();
        Map<String, Delivery> byId = new LinkedHashMap<>();
        DELIVERIES.stream().filter(d -> d.path().equals(path) && d.body().contains("\"type\":\"model.")).forEach(d -> byId.putIfAbsent(d.id(), d));
        return List.copyOf(byId.values());
    }
}
