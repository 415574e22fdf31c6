package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.HttpResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.batches.Batch;
import com.openai.models.batches.BatchCreateParams;
import com.openai.models.files.FileCreateParams;
import com.openai.models.files.FileDeleted;
import com.openai.models.files.FileListParams;
import com.openai.models.files.FileObject;
import com.openai.models.files.FilePurpose;
import com.sun.net.httpserver.HttpServer;
import io.mediagate.testing.NodePackages;
import io.mediagate.testing.PythonPackages;
import io.mediagate.testing.TestImages;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batches against the whole suite through the stock openai-java SDK: the Files API's batch files (upload, list page by
 * page, read back, delete), and the checks an upload meets at the gateway.
 */
class BatchesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a batch runs here before it expires: long past what every other batch of this class takes. */
    private static final int WINDOW_SECONDS = 75;
    /** Batch lines running against one provider at once here; a Pro account may run 4. */
    private static final int PER_PROVIDER = 2;
    private static Suite suite;
    private static Api api;
    private static String key;

    private static HttpServer receiver;
    private static final List<JsonNode> HOOKS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startSuite() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/images/", exchange -> {
            byte[] image = switch (exchange.getRequestURI().getPath()) {
                case "/images/source.png" -> TestImages.halves(64, 64, 0xFFFF0000, 0xFF0000FF);
                case "/images/mask.png" -> TestImages.mask(64, 64, 0, 0, 32, 32);
                default -> null;
            };
            if (image == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                exchange.getResponseHeaders().set("Content-Type", "image/png");
                exchange.sendResponseHeaders(200, image.length);
                exchange.getResponseBody().write(image);
            }
            exchange.close();
        });
        receiver.createContext("/", exchange -> {
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            ((com.fasterxml.jackson.databind.node.ObjectNode) body).put("signed", exchange.getRequestHeaders().getFirst("webhook-signature") != null);
            HOOKS.add(body);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        java.nio.file.Path catalog = io.mediagate.testing.TestInfra.get().home().resolve("batches-catalog.yaml");
        Files.writeString(catalog, """
                providers:
                  - { id: local, name: Local renderer, adapter: local, media: [image, video], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                  - { id: still, name: Still, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: local/pattern
                    displayName: Local Pattern
                    media: image
                    description: The offline renderer, free.
                    versions: [{ version: "1.0", createdAt: 2026-01-15T00:00:00Z }]
                    sizes: [64x64, 256x256, 512x512, 1024x1024]
                    defaultSize: 256x256
                    inputs: [text, image, mask]
                    offers: [{ provider: local, price: 0.0, unit: image }]
                    createdAt: 2026-01-15T00:00:00Z
                  - id: local/motion
                    displayName: Local Motion
                    media: video
                    description: The offline clip renderer, free.
                    versions: [{ version: "1.0", createdAt: 2026-02-01T00:00:00Z }]
                    sizes: [480p, 720p]
                    defaultSize: 480p
                    durations: { min: 1, max: 30, default: 2 }
                    inputs: [text, image, video]
                    offers: [{ provider: local, price: 0.0, unit: second }]
                    createdAt: 2026-02-01T00:00:00Z
                  - id: acme/slow
                    displayName: Slow
                    media: image
                    description: A priced image offer that takes its time.
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: still, price: 0.02, unit: image, upstreamModel: slow, options: { delayMs: "4000" } }]
                    createdAt: 2026-01-01T00:00:00Z
                  - id: acme/still
                    displayName: Still
                    media: image
                    description: A priced image offer.
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers: [{ provider: still, price: 0.01, unit: image, upstreamModel: slow, options: { delayMs: "300" } }]
                    createdAt: 2026-01-01T00:00:00Z
                """);
        // Images fetched from this test's own server; a window of WINDOW_SECONDS, so that a batch expires within the test;
        // at most PER_PROVIDER lines running against one provider.
        suite = Suite.start("batches", Map.of("MEDIAGATE_WEBHOOKS_ALLOW_PRIVATE", "true", "MEDIAGATE_CATALOG_FILE", catalog.toString(),
                "MEDIAGATE_FETCH_ALLOW_PRIVATE", "true", "MEDIAGATE_BATCH_WINDOW", WINDOW_SECONDS + "s",
                "MEDIAGATE_BATCH_PER_PROVIDER", String.valueOf(PER_PROVIDER)));
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private static String hook() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    }

    /** The webhook messages about batch {@code id}, waiting up to 30 s for {@code count} of them. */
    private static List<JsonNode> hooksOf(String id, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        List<JsonNode> seen = List.of();
        while (System.currentTimeMillis() < deadline) {
            seen = HOOKS.stream().filter(h -> h.path("data").path("id").asText().equals(id)).toList();
            if (seen.size() >= count) {
                return seen;
            }
            Thread.sleep(200);
        }
        return seen;
    }

    private static OpenAIClient sdk() {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
    }

    /** {@code count} image requests for the free offline model, custom ids {@code r0…}. */
    private static String lines(int count) {
        return lines("local/pattern", "r", count);
    }

    @Test
    void aBatchFileIsUploadedListedReadBackAndDeletedWithTheStockSdk() throws Exception {
        Path input = Files.createTempFile("requests", ".jsonl");
        byte[] bytes = lines(3).getBytes(StandardCharsets.UTF_8);
        Files.write(input, bytes);
        OpenAIClient client = sdk();
        FileObject file = client.files().create(FileCreateParams.builder().file(input).purpose(FilePurpose.BATCH)
                .expiresAfter(FileCreateParams.ExpiresAfter.builder().seconds(7200).build()).build());
        file.validate();
        assertEquals(bytes.length, file.bytes());
        assertEquals(input.getFileName().toString(), file.filename());
        assertEquals(FileObject.Purpose.BATCH, file.purpose());
        assertEquals(file.createdAt() + 7200, file.expiresAt().orElseThrow());

        assertEquals(file.id(), client.files().retrieve(file.id()).id());
        try (HttpResponse content = client.files().content(file.id()); InputStream body = content.body()) {
            assertEquals(200, content.statusCode());
            assertArrayEquals(bytes, body.readAllBytes(), "the file reads back byte for byte");
        }

        List<String> made = new ArrayList<>(List.of(file.id()));
        for (int i = 0; i < 4; i++) {
            made.add(client.files().create(FileCreateParams.builder().file(bytes).purpose(FilePurpose.BATCH).build()).id());
        }
        List<String> listed = new ArrayList<>();
        client.files().list(FileListParams.builder().limit(2).build()).autoPager().forEach(f -> listed.add(f.id()));
        assertEquals(made.reversed(), listed, "every file, newest first, followed page by page");

        FileDeleted deleted = client.files().delete(file.id());
        assertTrue(deleted.deleted());
        assertThrows(NotFoundException.class, () -> client.files().retrieve(file.id()));
        OpenAIClient someoneElse = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1")
                .apiKey(api.newUserKey(Suite.ADMIN_KEY, "pro")).maxRetries(0).build();
        assertThrows(NotFoundException.class, () -> someoneElse.files().retrieve(made.get(1)), "another account's file");
        assertEquals(List.of(), someoneElse.files().list().data());
    }

    @Test
    void aFileThatIsNotJsonlOrNotForBatchesIsRefusedNamingWhy() throws Exception {
        OpenAIClient client = sdk();
        BadRequestException notJson = assertThrows(BadRequestException.class, () -> client.files().create(FileCreateParams.builder()
                .file((lines(2) + "{\"custom_id\": oops}\n").getBytes(StandardCharsets.UTF_8)).purpose(FilePurpose.BATCH).build()));
        assertTrue(notJson.getMessage().contains("line 3 is not valid JSON"), notJson.getMessage());
        BadRequestException purpose = assertThrows(BadRequestException.class, () -> client.files().create(FileCreateParams.builder()
                .file(lines(1).getBytes(StandardCharsets.UTF_8)).purpose(FilePurpose.FINE_TUNE).build()));
        assertTrue(purpose.getMessage().contains("purpose"), purpose.getMessage());

        Api.Reply unknown = api.postForm("/v1/files", key, List.of("purpose", "batch", "colour", "red"),
                new Api.FormFile("file", "a.jsonl", lines(1).getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, unknown.status());
        assertEquals("colour", unknown.body().path("param").asText());
        Api.Reply scoped = api.get("/v1/files", imagesOnlyKey());
        assertEquals(403, scoped.status());
        assertEquals("batches", scoped.body().path("required_scopes").path(0).asText());
    }

    private static Batch awaitEnd(OpenAIClient client, String id) throws InterruptedException {
        return BatchRuns.awaitEnd(client, id, 120);
    }

    /** {@code mediagate_batch_lines{batch=id}} by state, as routing's metrics show them now. */
    private static Map<String, Double> batchLines(String id) throws Exception {
        java.net.http.HttpResponse<String> scraped = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(suite.managementUrl("routing-service") + "/q/metrics")).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        Map<String, Double> out = new java.util.TreeMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^mediagate_batch_lines\\{([^}]*)\\} ([0-9.eE+-]+)").matcher(scraped.body());
        while (m.find()) {
            if (m.group(1).contains("batch=\"" + id + "\"")) {
                java.util.regex.Matcher state = java.util.regex.Pattern.compile("state=\"([a-z]+)\"").matcher(m.group(1));
                if (state.find()) {
                    out.put(state.group(1), Double.parseDouble(m.group(2)));
                }
            }
        }
        return out;
    }

    private static FileObject upload(OpenAIClient client, String jsonl) {
        return client.files().create(FileCreateParams.builder().file(jsonl.getBytes(StandardCharsets.UTF_8))
                .purpose(FilePurpose.BATCH).build());
    }

    /**
     * A batch of image requests runs every line as a job and ends with an output file of the answers, in file order,
     * each the synchronous call's body; a line its endpoint refuses fails alone, into the error file, naming the field.
     */
    @Test
    void aBatchRunsEveryLineAndWritesTheOutputAndErrorFiles() throws Exception {
        OpenAIClient client = sdk();
        String refused = "{\"custom_id\":\"too-big\",\"method\":\"POST\",\"url\":\"/v1/images/generations\","
                + "\"body\":{\"model\":\"local/pattern\",\"prompt\":\"x\",\"size\":\"huge\"}}\n";
        FileObject input = upload(client, lines(2) + refused + lines(3).substring(lines(2).length()));
        Batch created = client.batches().create(BatchCreateParams.builder().inputFileId(input.id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H)
                .metadata(BatchCreateParams.Metadata.builder().putAdditionalProperty("run", JsonValue.from("nightly")).build())
                .putAdditionalBodyProperty("webhook_url", JsonValue.from(hook())).build());
        created.validate();
        assertEquals(input.id(), created.inputFileId());
        assertEquals(created.createdAt() + WINDOW_SECONDS, created.expiresAt().orElseThrow());

        Batch done = awaitEnd(client, created.id());
        assertEquals("completed", done.status().asString(), done.toString());
        assertEquals(4, done.requestCounts().orElseThrow().total());
        assertEquals(3, done.requestCounts().orElseThrow().completed());
        assertEquals(1, done.requestCounts().orElseThrow().failed());
        assertTrue(done.completedAt().isPresent());
        assertEquals("nightly", done.metadata().orElseThrow()._additionalProperties().get("run").asString().orElseThrow());

        List<JsonNode> output = BatchRuns.fileLines(client, done.outputFileId().orElseThrow());
        assertEquals(List.of("r0", "r1", "r2"), output.stream().map(l -> l.path("custom_id").asText()).toList());
        for (JsonNode line : output) {
            assertTrue(line.path("id").asText().startsWith("batch_req_"), line.toString());
            assertEquals(200, line.path("response").path("status_code").asInt(), line.toString());
            JsonNode body = line.path("response").path("body");
            assertTrue(body.path("success").asBoolean(), line.toString());
            String url = body.path("data").path(0).path("url").asText();
            assertTrue(TestImages.decode(api.download(url)).getWidth() > 0, "each line's image is stored and served");
            assertTrue(line.path("error").isNull());
        }
        List<JsonNode> errors = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(1, errors.size());
        assertEquals("too-big", errors.getFirst().path("custom_id").asText());
        assertEquals(400, errors.getFirst().path("response").path("status_code").asInt());
        assertEquals("size", errors.getFirst().path("response").path("body").path("param").asText());

        List<String> listed = new ArrayList<>();
        client.batches().list().autoPager().forEach(b -> listed.add(b.id()));
        assertTrue(listed.contains(done.id()), listed.toString());

        List<JsonNode> told = hooksOf(done.id(), 1);
        assertEquals(1, told.size(), "the batch's end is told once: " + told);
        assertEquals("batch.completed", told.getFirst().path("type").asText());
        assertEquals("completed", told.getFirst().path("data").path("status").asText());
        assertEquals(3, told.getFirst().path("data").path("request_counts").path("completed").asInt());
        assertTrue(told.getFirst().path("signed").asBoolean(), "signed as every webhook is");
    }

    /**
     * A batch with a budget runs lines only while their cost so far, the worst case of those running and the next one's stay
     * within it; the lines that would pass it never run, and what was spent is shown, and booked as batch spend.
     */
    @Test
    void aBatchStopsTakingLinesBeforeItWouldPassItsBudget() throws Exception {
        String buyer = api.newUserKey(Suite.ADMIN_KEY, "pro");
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(buyer).maxRetries(0).build();
        FileObject input = upload(client, lines("acme/still", "p", 6));
        Batch created = client.batches().create(BatchCreateParams.builder().inputFileId(input.id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H)
                .putAdditionalBodyProperty("budget", JsonValue.from(0.035)).build());
        assertEquals(0.035, ((Number) created._additionalProperties().get("budget").asNumber().orElseThrow()).doubleValue(), 1e-9);
        Batch done = awaitEnd(client, created.id());
        assertEquals("completed", done.status().asString());
        assertEquals(3, done.requestCounts().orElseThrow().completed(), done.toString());
        assertEquals(3, done.requestCounts().orElseThrow().failed(), done.toString());
        assertEquals(0.03, ((Number) done._additionalProperties().get("spend").asNumber().orElseThrow()).doubleValue(), 1e-9);
        List<JsonNode> stopped = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(List.of("p3", "p4", "p5"), stopped.stream().map(l -> l.path("custom_id").asText()).toList());
        for (JsonNode line : stopped) {
            assertEquals("batch_budget_exceeded", line.path("error").path("code").asText(), line.toString());
        }
        JsonNode usage = null;
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            usage = api.get("/v1/usage", buyer).body().path("result");
            if (usage.path("spend").path("batch").path("total").asDouble() >= 0.03 - 1e-9) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(0.03, usage.path("spend").path("batch").path("total").asDouble(), 1e-9, usage.toString());
        assertEquals(0.03, usage.path("spend").path("total").asDouble(), 1e-9, usage.toString());
    }

    /** A file with a request used twice, or a request for another endpoint, fails the batch's validation, saying where. */
    @Test
    void aFileThatCannotBeABatchFailsValidationWithItsReasons() throws Exception {
        OpenAIClient client = sdk();
        String video = "{\"custom_id\":\"v\",\"method\":\"POST\",\"url\":\"/v1/videos/generations\",\"body\":{}}\n";
        FileObject input = upload(client, lines(2) + lines(1) + video);
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(input.id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H)
                .putAdditionalBodyProperty("webhook_url", JsonValue.from(hook())).build());
        assertEquals("failed", batch.status().asString());
        assertEquals("batch.failed", hooksOf(batch.id(), 1).getFirst().path("type").asText());
        assertTrue(batch.failedAt().isPresent());
        var problems = batch.errors().orElseThrow().data().orElseThrow();
        assertEquals(List.of("duplicate_custom_id", "mismatched_endpoint"), problems.stream().map(p -> p.code().orElseThrow()).toList());
        assertEquals(List.of(3L, 4L), problems.stream().map(p -> p.line().orElseThrow()).toList());

        BadRequestException wrongFile = assertThrows(BadRequestException.class, () -> client.batches().create(BatchCreateParams.builder()
                .inputFileId("file_00000000000000000000000000000000").endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS)
                .completionWindow(BatchCreateParams.CompletionWindow._24H).build()));
        assertTrue(wrongFile.getMessage().contains("no file file_00000000000000000000000000000000"), wrongFile.getMessage());
        Api.Reply raw = api.post("/v1/batches", key, "{\"input_file_id\":\"" + input.id() + "\",\"endpoint\":\"/v1/images/generations\","
                + "\"completion_window\":\"24h\",\"priority\":\"high\"}");
        assertEquals(400, raw.status());
        assertEquals("priority", raw.body().path("param").asText(), "a field a batch does not take is refused naming it");
        BadRequestException chat = assertThrows(BadRequestException.class, () -> client.batches().create(BatchCreateParams.builder()
                .inputFileId(input.id()).endpoint(BatchCreateParams.Endpoint.V1_CHAT_COMPLETIONS)
                .completionWindow(BatchCreateParams.CompletionWindow._24H).build()));
        assertTrue(chat.getMessage().contains("endpoint must be one of /v1/images/generations, /v1/images/edits, /v1/videos, "
                + "/v1/videos/generations"), chat.getMessage());
    }

    /** A cancelled batch runs none of what had not started, ends cancelled, and says so line by line. */
    @Test
    void aCancelledBatchStopsWhatHasNotStarted() throws Exception {
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1")
                .apiKey(api.newUserKey(Suite.ADMIN_KEY, "free")).maxRetries(0).build(); // one line at a time
        FileObject input = upload(client, lines(8));
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(input.id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        Map<String, Double> lines = Map.of();
        long deadline = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < deadline && lines.values().stream().mapToDouble(Double::doubleValue).sum() != 8) {
            lines = batchLines(batch.id());
            Thread.sleep(200);
        }
        assertEquals(8.0, lines.values().stream().mapToDouble(Double::doubleValue).sum(), "routing's gauge counts every line: " + lines);
        assertTrue(lines.getOrDefault("queued", 0.0) >= 1, "one line at a time, so some wait: " + lines);
        Batch cancelling = client.batches().cancel(batch.id());
        assertEquals("cancelling", cancelling.status().asString());
        assertTrue(cancelling.cancellingAt().isPresent());
        Batch done = awaitEnd(client, batch.id());
        assertEquals("cancelled", done.status().asString());
        long ran = done.requestCounts().orElseThrow().completed();
        assertTrue(ran < 8, "the lines not started never ran: " + done);
        List<JsonNode> errors = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(8 - ran, errors.size());
        for (JsonNode line : errors) {
            assertTrue(line.path("response").isNull(), line.toString());
            assertEquals("batch_cancelled", line.path("error").path("code").asText());
        }
        deadline = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < deadline && !batchLines(batch.id()).isEmpty()) {
            Thread.sleep(200);
        }
        assertEquals(Map.of(), batchLines(batch.id()), "an ended batch's series go");
        OpenAIServiceException again = assertThrows(OpenAIServiceException.class, () -> {
            for (int i = 0; i < 40; i++) { // past a Free key's 10 requests a minute, when this run has used them
                try {
                    client.batches().cancel(batch.id());
                    return;
                } catch (com.openai.errors.RateLimitException e) {
                    Thread.sleep(2000);
                }
            }
        });
        assertEquals(409, again.statusCode(), "a batch ended cannot be cancelled");
    }

    /**
     * A batch of edits names each line's images by URL or by media id (files cannot travel in a line): a URL is fetched when
     * the line runs and kept as the caller's private item, so every result names its sources by id; a data URL is refused
     * at once and an image that cannot be fetched fails its line when it runs, each naming the reference.
     */
    @Test
    void aBatchOfEditsNamesItsImagesByUrlOrMediaId() throws Exception {
        OpenAIClient client = sdk();
        Api.Reply made = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a source\",\"size\":\"64x64\"}");
        assertEquals(200, made.status(), made.body().toString());
        String mine = made.body().path("data").path(0).path("id").asText();
        String images = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/images/";
        String jsonl = edit("by-id", "{\"file_id\":\"" + mine + "\"}", null)
                + edit("by-url", "{\"image_url\":\"" + images + "source.png\"}", "{\"image_url\":\"" + images + "mask.png\"}")
                + edit("inline", "{\"image_url\":\"data:image/png;base64,iVBORw0KGgo=\"}", null)
                + edit("missing", "{\"image_url\":\"" + images + "missing.png\"}", null);
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, jsonl).id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_EDITS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        Batch done = awaitEnd(client, batch.id());
        assertEquals("completed", done.status().asString(), done.toString());
        assertEquals(2, done.requestCounts().orElseThrow().completed(), done.toString());

        List<JsonNode> output = BatchRuns.fileLines(client, done.outputFileId().orElseThrow());
        assertEquals(List.of("by-id", "by-url"), output.stream().map(l -> l.path("custom_id").asText()).toList());
        JsonNode byId = output.get(0).path("response").path("body").path("data").path(0);
        assertEquals(64, TestImages.decode(api.download(byId.path("url").asText())).getWidth());
        assertEquals(List.of(mine), ids(byId.path("sources")), "the result names the item it was made from");
        JsonNode byUrl = output.get(1).path("response").path("body").path("data").path(0);
        String job = byUrl.path("id").asText().replaceAll("x0$", "");
        assertEquals(List.of(job + "s0", job + "m"), ids(byUrl.path("sources")), "the fetched image and mask, kept under ids of the job");
        String other = api.newUserKey(Suite.ADMIN_KEY, "pro");
        for (String source : ids(byUrl.path("sources"))) {
            Api.Reply kept = api.get("/v1/media/" + source, key);
            assertEquals(200, kept.status(), kept.body().toString());
            assertEquals("image/png", kept.body().path("result").path("media").path("mime").asText());
            assertEquals(403, api.get("/v1/media/" + source, other).status(), "a fetched source is the caller's private item");
        }

        List<JsonNode> errors = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(List.of("inline", "missing"), errors.stream().map(l -> l.path("custom_id").asText()).toList());
        for (JsonNode line : errors) {
            assertEquals(400, line.path("response").path("status_code").asInt(), line.toString());
            assertEquals("images[0].image_url", line.path("response").path("body").path("param").asText(), line.toString());
        }
    }

    private static String edit(String customId, String image, String mask) {
        return "{\"custom_id\":\"" + customId + "\",\"method\":\"POST\",\"url\":\"/v1/images/edits\",\"body\":{\"model\":"
                + "\"local/pattern\",\"prompt\":\"a hat\",\"size\":\"64x64\",\"images\":[" + image + "]"
                + (mask == null ? "" : ",\"mask\":" + mask) + "}}\n";
    }

    private static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** A batch of OpenAI's video creations answers each line with the video object, completed and readable as any video. */
    @Test
    void aVideosBatchAnswersEachLineWithTheVideoObject() throws Exception {
        OpenAIClient client = sdk();
        String jsonl = "{\"custom_id\":\"clip\",\"method\":\"POST\",\"url\":\"/v1/videos\",\"body\":{\"model\":\"local/motion\","
                + "\"prompt\":\"waves\",\"seconds\":\"2\",\"size\":\"854x480\"}}\n"
                + "{\"custom_id\":\"long\",\"method\":\"POST\",\"url\":\"/v1/videos\",\"body\":{\"model\":\"local/motion\","
                + "\"prompt\":\"waves\",\"duration\":2}}\n";
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, jsonl).id())
                .endpoint(BatchCreateParams.Endpoint.V1_VIDEOS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        Batch done = awaitEnd(client, batch.id());
        assertEquals("completed", done.status().asString(), done.toString());
        JsonNode video = BatchRuns.fileLines(client, done.outputFileId().orElseThrow()).getFirst().path("response").path("body");
        assertEquals("video", video.path("object").asText(), video.toString());
        assertEquals("completed", video.path("status").asText(), video.toString());
        assertEquals("2", video.path("seconds").asText(), video.toString());
        assertEquals("local/motion", video.path("model").asText(), video.toString());
        assertEquals("completed", client.videos().retrieve(video.path("id").asText()).status().asString(), "the line's video is a video");
        JsonNode refused = BatchRuns.fileLines(client, done.errorFileId().orElseThrow()).getFirst();
        assertEquals("long", refused.path("custom_id").asText());
        assertEquals("duration", refused.path("response").path("body").path("param").asText(), "a field of the other face: " + refused);
    }

    /**
     * A batch still running when its window ends expires: the lines not started never run (batch_expired), those that ran
     * are in the output file and charged, and the batch's end is told as batch.expired.
     */
    @Test
    void aBatchPastItsWindowExpiresChargingOnlyWhatRan() throws Exception {
        String buyer = api.newUserKey(Suite.ADMIN_KEY, "free"); // one line at a time, four seconds each
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(buyer).maxRetries(0).build();
        int count = WINDOW_SECONDS / 4 + 10;
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, lines("acme/slow", "s", count)).id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H)
                .putAdditionalBodyProperty("webhook_url", JsonValue.from(hook())).build());
        Batch done = BatchRuns.awaitEnd(client, batch.id(), WINDOW_SECONDS + 60);
        assertEquals("expired", done.status().asString(), done.toString());
        assertTrue(done.expiredAt().isPresent());
        long ran = done.requestCounts().orElseThrow().completed();
        assertTrue(ran >= 1 && ran < count, done.toString());
        assertEquals(count, done.requestCounts().orElseThrow().total());
        assertEquals(ran, BatchRuns.fileLines(client, done.outputFileId().orElseThrow()).size());
        List<JsonNode> errors = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(count - ran, errors.size());
        assertEquals("batch_expired", errors.getLast().path("error").path("code").asText(), errors.getLast().toString());
        assertEquals(0.02 * ran, ((Number) done._additionalProperties().get("spend").asNumber().orElseThrow()).doubleValue(), 1e-9,
                "completed work is charged, nothing else");
        assertEquals("batch.expired", hooksOf(done.id(), 1).getFirst().path("type").asText());
    }

    /**
     * However many lines an account may run (a Pro account 4), no more than the per-provider number run against one provider at
     * once: the rest wait their turn, and all of them run.
     */
    @Test
    void noMoreLinesRunAgainstOneProviderThanItsLimit() throws Exception {
        OpenAIClient client = sdk();
        Batch batch = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, lines("acme/slow", "q", 6)).id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        double most = 0;
        boolean waited = false;
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            Map<String, Double> lines = batchLines(batch.id());
            if (lines.isEmpty() && !client.batches().retrieve(batch.id()).status().asString().equals("in_progress")) {
                break;
            }
            double running = lines.getOrDefault("running", 0.0);
            most = Math.max(most, running);
            waited |= running == PER_PROVIDER && lines.getOrDefault("queued", 0.0) > 0;
            Thread.sleep(150);
        }
        assertEquals(PER_PROVIDER, most, 0.0, "never more running against the provider than its limit");
        assertTrue(waited, "lines waited while the provider had its limit running");
        Batch done = awaitEnd(client, batch.id());
        assertEquals(6, done.requestCounts().orElseThrow().completed(), done.toString());
    }

    /**
     * A key's daily cap holds for batches: a batch whose lines together could pass it is refused (402, naming what it may
     * cost) and reserves nothing; one that fits reserves each line's worst case, which becomes what the line cost when it
     * ends; a cancelled batch gives back what its lines that never ran had reserved.
     */
    @Test
    void aCappedKeysBatchReservesItsLinesAndGivesBackWhatNeverRan() throws Exception {
        Api.Reply account = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"capped\",\"tier\":\"basic\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        String capped = api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "{\"budget\":{\"daily\":0.10}}")
                .body().path("result").path("key").path("key").asText();
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(capped).maxRetries(0).build();
        String tooMuch = lines("acme/still", "t", 11); // $0.11 at most: past the cap

        com.openai.errors.UnexpectedStatusCodeException refused = assertThrows(com.openai.errors.UnexpectedStatusCodeException.class,
                () -> client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, tooMuch).id())
                        .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build()));
        assertEquals(402, refused.statusCode());
        assertTrue(refused.getMessage().contains("this batch's 11 requests may cost up to 0.11"), refused.getMessage());
        assertEquals(0.0, keyDaily(capped).path("reserved").asDouble(), 1e-9, "a refused batch reserves nothing");

        Batch fits = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, lines("acme/still", "f", 3)).id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        assertEquals("completed", awaitEnd(client, fits.id()).status().asString());
        JsonNode daily = settledDaily(capped);
        assertEquals(0.03, daily.path("spent").asDouble(), 1e-9, daily.toString());

        // $0.07 left: four slow lines ($0.08 at most) are refused, three fit; a Basic key runs two at a time, four seconds each
        assertThrows(com.openai.errors.UnexpectedStatusCodeException.class, () -> client.batches().create(BatchCreateParams.builder()
                .inputFileId(upload(client, lines("acme/slow", "x", 4)).id()).endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS)
                .completionWindow(BatchCreateParams.CompletionWindow._24H).build()));
        Batch slow = client.batches().create(BatchCreateParams.builder().inputFileId(upload(client, lines("acme/slow", "s", 3)).id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
        client.batches().cancel(slow.id());
        assertEquals(0.06, keyDaily(capped).path("reserved").asDouble(), 1e-9, "each line's worst case is reserved when the batch is made");
        Batch cancelled = awaitEnd(client, slow.id());
        assertEquals("cancelled", cancelled.status().asString());
        long ran = cancelled.requestCounts().orElseThrow().completed();
        assertTrue(ran < 3, "the third line never ran: " + cancelled);
        daily = settledDaily(capped);
        assertEquals(0.03 + 0.02 * ran, daily.path("spent").asDouble(), 1e-9, "what never ran gave its reservation back: " + daily);
        assertEquals(0.0, daily.path("reserved").asDouble(), 1e-9, daily.toString());
    }

    /** {@code count} lines for {@code model}, custom ids {@code prefix0…}. */
    private static String lines(String model, String prefix, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append("{\"custom_id\":\"").append(prefix).append(i).append("\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",")
                    .append("\"body\":{\"model\":\"").append(model).append("\",\"prompt\":\"").append(prefix).append(' ').append(i).append("\"}}\n");
        }
        return out.toString();
    }

    private static JsonNode keyDaily(String key) throws Exception {
        for (int i = 0; i < 20; i++) {
            Api.Reply usage = api.get("/v1/usage", key);
            if (usage.status() == 200) {
                return usage.body().path("result").path("budgets").path("key").path("daily");
            }
            Thread.sleep(3000); // a Free key's 10 requests a minute
        }
        throw new AssertionError("no usage for the key");
    }

    /** The key's daily budget once nothing is reserved. */
    private static JsonNode settledDaily(String key) throws Exception {
        long deadline = System.currentTimeMillis() + 45_000;
        JsonNode daily = keyDaily(key);
        while (daily.path("reserved").decimalValue().signum() != 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(1000);
            daily = keyDaily(key);
        }
        return daily;
    }

    /** The stock openai-python SDK (e2e/src/test/python-sdk/batches.py, its version pinned) runs a batch end to end. */
    @Test
    void thePythonSdkRunsABatch() throws Exception {
        Path dir = PythonPackages.install("e2e/src/test/python-sdk", "e2e/target/python-sdk", List.of("requirements.txt", "batches.py"));
        Path scratch = Files.createTempDirectory("python-sdk");
        Process python = new ProcessBuilder(PythonPackages.python(dir).toString(), dir.resolve("batches.py").toString(),
                suite.baseUrl() + "/v1", api.newUserKey(Suite.ADMIN_KEY, "pro"), scratch.toString()).redirectErrorStream(true).start();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(3, TimeUnit.MINUTES), "python did not finish");
        assertEquals(0, python.exitValue(), output);
        JsonNode seen = JSON.readTree(output.lines().reduce((a, b) -> b).orElseThrow());
        assertEquals("batch", seen.path("file").path("purpose").asText());
        assertEquals("python-requests.jsonl", seen.path("file").path("filename").asText());
        assertEquals("python", seen.path("created").path("metadata").path("from").asText(), seen.toString());
        JsonNode ended = seen.path("ended");
        assertEquals("completed", ended.path("status").asText(), ended.toString());
        assertEquals(2, ended.path("request_counts").path("completed").asInt());
        assertEquals(1, ended.path("request_counts").path("failed").asInt());
        assertEquals(List.of("py0", "py1"), seen.path("output").findValuesAsText("custom_id"));
        for (JsonNode line : seen.path("output")) {
            assertTrue(TestImages.decode(api.download(line.path("response").path("body").path("data").path(0).path("url").asText()))
                    .getWidth() > 0);
        }
        JsonNode outputFile = seen.path("output_file");
        assertEquals("batch_output", outputFile.path("purpose").asText(), outputFile.toString());
        assertEquals(outputFile.path("created_at").asLong() + 3600, outputFile.path("expires_at").asLong(), "output_expires_after");
        assertEquals("n", seen.path("errors").path(0).path("response").path("body").path("param").asText(), seen.toString());
        assertEquals(1, seen.path("listed").size(), "one a page");
        assertTrue(ids(seen.path("listed_all")).contains(ended.path("id").asText()), seen.toString());
        assertEquals("failed", seen.path("wrong").path("status").asText(), "image lines in a /v1/videos batch");
        assertEquals("mismatched_endpoint", seen.path("wrong").path("errors").path("data").path(0).path("code").asText());
        assertEquals(400, seen.path("refused").path("status").asInt());
        assertEquals("priority", seen.path("refused").path("param").asText());
    }

    /** The same with the stock openai-node SDK (e2e/src/test/node-sdk/files.mjs, its version pinned by its lock file). */
    @Test
    void theNodeSdkUploadsListsReadsAndDeletesBatchFiles() throws Exception {
        Path dir = NodePackages.install("e2e/src/test/node-sdk", "e2e/target/node-sdk",
                List.of("package.json", "package-lock.json", "files.mjs"), "openai");
        Path scratch = Files.createTempDirectory("node-sdk");
        Process node = new ProcessBuilder("node", dir.resolve("files.mjs").toString(), suite.baseUrl() + "/v1",
                api.newUserKey(Suite.ADMIN_KEY, "pro"), scratch.toString()).redirectErrorStream(true).start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(2, TimeUnit.MINUTES), "node did not finish");
        assertEquals(0, node.exitValue(), output);
        JsonNode seen = new ObjectMapper().readTree(output.lines().reduce((a, b) -> b).orElseThrow());
        JsonNode created = seen.path("created");
        assertEquals("file", created.path("object").asText());
        assertEquals("node-requests.jsonl", created.path("filename").asText());
        assertEquals("batch", created.path("purpose").asText());
        assertEquals(created.path("created_at").asLong() + 3600, created.path("expires_at").asLong());
        assertEquals(created.path("id").asText(), seen.path("retrieved").path("id").asText());
        assertEquals(seen.path("expected").asText(), seen.path("content").asText());
        assertEquals(seen.path("made"), seen.path("listed"), "oldest first, one a page, every file once");
        assertEquals("BadRequestError", seen.path("refused").path("kind").asText());
        assertEquals("file", seen.path("refused").path("param").asText());
        assertTrue(seen.path("refused").path("message").asText().contains("line 1 is not valid JSON"), seen.toString());
        assertTrue(seen.path("deleted").path("deleted").asBoolean());
        assertEquals(404, seen.path("afterDelete").path("status").asInt());
        assertEquals("in_progress", seen.path("batchCreated").path("status").asText(), seen.toString());
        assertEquals("completed", seen.path("batchEnded").path("status").asText(), seen.toString());
        assertEquals(2, seen.path("batchOutput").size());
        assertEquals(200, seen.path("batchOutput").path(1).path("response").path("status_code").asInt(), seen.toString());
    }

    private static String imagesOnlyKey() throws Exception {
        Api.Reply account = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"e2e\",\"tier\":\"pro\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        return api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "{\"scopes\":[\"images\"]}")
                .body().path("result").path("key").path("key").asText();
    }
}
