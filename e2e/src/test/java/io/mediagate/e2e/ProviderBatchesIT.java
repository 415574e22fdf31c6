package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.batches.Batch;
import com.openai.models.batches.BatchCreateParams;
import com.openai.models.files.FileCreateParams;
import com.openai.models.files.FileObject;
import com.openai.models.files.FilePurpose;
import io.mediagate.testing.FakeGemini;
import io.mediagate.testing.FakeOpenAiImages;
import io.mediagate.testing.PythonPackages;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestInfra;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batch lines through a provider's own batch API: a line whose first choice is an offer with a batch price goes into an
 * OpenAI batch (a fake of OpenAI's Files and Batch API, {@link io.mediagate.testing.FakeOpenAiBatches}) or a Gemini batch
 * ({@link FakeGemini}), its job parked
 * until the provider's batch ends, then made from the provider's answer and charged the batch price, {@code stats.batch}
 * saying so; a line the provider's batch made nothing for runs as a job of its own at the full price. Killed mid-way,
 * routing picks up where it was: nothing submitted twice, no line run twice.
 */
class ProviderBatchesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-batch-test";
    private static FakeOpenAiImages openai;
    private static FakeGemini gemini;
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void startSuite() throws Exception {
        openai = new FakeOpenAiImages().requireKey(KEY);
        gemini = new FakeGemini(KEY);
        Path catalog = TestInfra.get().home().resolve("provider-batches-catalog.yaml");
        Files.writeString(catalog, """
                providers:
                  - { id: openai, name: OpenAI, adapter: openai, media: [image], enabled: true, baseUrl: "%s", apiKeyEnv: BATCH_OPENAI_KEY, createdAt: 2026-01-01T00:00:00Z }
                  - { id: google-images, name: Gemini, adapter: gemini, media: [image], enabled: true, baseUrl: "%s", apiKeyEnv: BATCH_OPENAI_KEY, createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: openai/gpt-image-test
                    displayName: GPT Image (test)
                    media: image
                    description: A token-billed GPT image model with OpenAI's batch price.
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64, 1024x1024]
                    defaultSize: 64x64
                    inputs: [text]
                    offers:
                      - { provider: openai, price: 0.04, unit: image, upstreamModel: gpt-image-test, features: [quality],
                          tokens: { textInput: 5.00, imageOutput: 30.00 },
                          batch: { discount: 0.5, source: { url: "https://developers.openai.com/api/docs/guides/batch", read: 2026-11-29 } } }
                    createdAt: 2026-01-01T00:00:00Z
                  - id: google/gemini-image-test
                    displayName: Gemini image (test)
                    media: image
                    description: A Gemini image model priced per image, at half in Gemini's batch mode.
                    versions: [{ version: "3", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [1024x1024, 4096x4096]
                    defaultSize: 1024x1024
                    inputs: [text]
                    offers:
                      - { provider: google-images, price: 0.134, unit: image, upstreamModel: gemini-image-test, options: { imageSizes: "1K,2K,4K" },
                          sizePrices: { "4096x4096": 0.24 },
                          batch: { discount: 0.5, source: { url: "https://ai.google.dev/gemini-api/docs/batch-api", read: 2026-11-29 } } }
                    createdAt: 2026-01-01T00:00:00Z
                """.formatted(openai.baseUrl(), gemini.baseUrl()));
        suite = Suite.start("provider-batches", Map.of("MEDIAGATE_CATALOG_FILE", catalog.toString(), "BATCH_OPENAI_KEY", KEY,
                "MEDIAGATE_PROVIDER_BATCH_TICK", "1s", "MEDIAGATE_PROVIDER_BATCH_GATHER", "2s", "MEDIAGATE_PROVIDER_BATCH_LOOK_EVERY", "1s"));
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
        if (openai != null) {
            openai.close();
        }
        if (gemini != null) {
            gemini.close();
        }
    }

    private static OpenAIClient sdk() {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
    }

    /** A line for the GPT image model, small and at low quality. */
    private static String line(String id, String prompt) {
        return line(id, "openai/gpt-image-test", prompt, "\"size\":\"64x64\",\"quality\":\"low\"");
    }

    /** A line of an image generation by {@code model} with {@code fields} besides its prompt. */
    private static String line(String id, String model, String prompt, String fields) {
        return "{\"custom_id\":\"" + id + "\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",\"body\":{\"model\":\"" + model + "\","
                + "\"prompt\":\"" + prompt + "\"," + fields + "}}\n";
    }

    private static Batch start(OpenAIClient client, String jsonl) {
        FileObject input = client.files().create(FileCreateParams.builder().file(jsonl.getBytes(StandardCharsets.UTF_8))
                .purpose(FilePurpose.BATCH).build());
        return client.batches().create(BatchCreateParams.builder().inputFileId(input.id())
                .endpoint(BatchCreateParams.Endpoint.V1_IMAGES_GENERATIONS).completionWindow(BatchCreateParams.CompletionWindow._24H).build());
    }

    /** The provider batches the fake was asked to make for the lines of {@code prompts}, waiting up to 30 s for one. */
    private static List<JsonNode> providerBatchesOf(String marker) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            List<JsonNode> found = new ArrayList<>();
            for (JsonNode batch : openai.batches().list()) {
                if (openai.batches().lines(batch).stream().anyMatch(l -> l.path("body").path("prompt").asText().contains(marker))) {
                    found.add(batch);
                }
            }
            if (!found.isEmpty()) {
                return found;
            }
            Thread.sleep(300);
        }
        return List.of();
    }

    private static long syncCalls(String marker) {
        return openai.received().stream().filter(r -> r.body().path("prompt").asText().contains(marker)).count();
    }

    /**
     * The lines go into one OpenAI batch (its JSONL: a POST to /v1/images/generations per line, the job's id as custom_id,
     * the body a synchronous call sends), wait while OpenAI works on it, and come back as the caller's images at half the
     * token price; a line OpenAI's batch failed is made by a call of its own, at the full price; a line it refused for its
     * content fails as the call would have, without another call.
     */
    @Test
    void linesWithABatchPriceGoThroughOpenAisBatchApiAndAreChargedItsPrice() throws Exception {
        OpenAIClient client = sdk();
        openai.batches().hold(true);
        String marker = "lighthouse";
        Batch created = start(client, line("a", marker + " at dawn") + line("b", marker + " at dusk") + line("c", marker + " batch-fails")
                + line("d", marker + " unsafe"));

        List<JsonNode> sent = providerBatchesOf(marker);
        assertEquals(1, sent.size(), "the lines go into one provider batch: " + sent);
        JsonNode upstream = sent.getFirst();
        JsonNode asked = openai.batches().created().stream().filter(b -> b.path("input_file_id").asText()
                .equals(upstream.path("input_file_id").asText())).findFirst().orElseThrow();
        assertEquals("/v1/images/generations", asked.path("endpoint").asText());
        assertEquals("24h", asked.path("completion_window").asText());
        assertTrue(asked.path("metadata").path("mediagate_batch").asText().startsWith("pbt_"), asked.toString());
        List<JsonNode> lines = openai.batches().lines(upstream);
        assertEquals(4, lines.size());
        for (JsonNode line : lines) {
            assertTrue(line.path("custom_id").asText().startsWith("job_"), line.toString());
            assertEquals("POST", line.path("method").asText());
            assertEquals("gpt-image-test", line.path("body").path("model").asText());
            assertEquals("64x64", line.path("body").path("size").asText());
            assertEquals("low", line.path("body").path("quality").asText(), "the caller's options go into the line");
        }
        Thread.sleep(3000);
        Batch waiting = client.batches().retrieve(created.id());
        assertEquals("in_progress", waiting.status().asString());
        assertEquals(0, waiting.requestCounts().orElseThrow().completed(), "nothing is made while OpenAI's batch runs");
        assertEquals(0, syncCalls(marker), "no line is called on its own while its provider batch runs");

        openai.batches().hold(false);
        Batch done = BatchRuns.awaitEnd(client, created.id(), 60);
        assertEquals("completed", done.status().asString(), done.toString());
        assertEquals(3, done.requestCounts().orElseThrow().completed(), done.toString());
        assertEquals(1, done.requestCounts().orElseThrow().failed(), done.toString());
        JsonNode refused = BatchRuns.fileLines(client, done.errorFileId().orElseThrow()).getFirst();
        assertEquals("d", refused.path("custom_id").asText());
        assertEquals("content_policy_violation", refused.path("response").path("body").path("error").path("code").asText(), refused.toString());
        Map<String, JsonNode> byId = BatchRuns.fileLines(client, done.outputFileId().orElseThrow()).stream()
                .collect(Collectors.toMap(l -> l.path("custom_id").asText(), l -> l.path("response").path("body")));
        // 10 text tokens in at $5/M and 100 image tokens out at $30/M: $0.00305 at once, half in OpenAI's batch
        for (String id : List.of("a", "b")) {
            JsonNode body = byId.get(id);
            assertEquals("provider", body.path("stats").path("batch").asText(), body.toString());
            assertEquals(0.001525, body.path("price").asDouble(), 1e-9, body.toString());
            assertEquals(2.5, body.path("stats").path("usage").path("rates").path("textInput").asDouble(), 1e-9, body.toString());
            assertTrue(TestImages.decode(api.download(body.path("data").path(0).path("url").asText())).getWidth() > 0);
        }
        JsonNode alone = byId.get("c");
        assertEquals("job", alone.path("stats").path("batch").asText(), alone.toString());
        assertEquals(0.00305, alone.path("price").asDouble(), 1e-9, alone.toString());
        assertEquals(1, syncCalls(marker), "only the line OpenAI's batch failed was called on its own; the refused one was not");
        assertEquals(0.00305 + 2 * 0.001525, api.get("/v1/batches/" + created.id(), key).body().path("spend").asDouble(), 1e-9,
                "the batch's spend is what its lines cost");
    }

    /**
     * Gemini's batch mode: single images go into one Gemini batch (inline requests, each keyed by its job) and are charged
     * Google's batch price per image ($0.067, half of $0.134; $0.12 at 4K); a line asking for two images (a Gemini call
     * makes one) runs as a job of its own at the full price.
     */
    @Test
    void singleImagesGoThroughGeminisBatchModeAtItsPricePerImage() throws Exception {
        OpenAIClient client = sdk();
        gemini.hold(true);
        String marker = "glacier";
        String model = "google/gemini-image-test";
        Batch created = start(client, line("g1", model, marker + " one", "\"size\":\"1024x1024\"")
                + line("g2", model, marker + " two", "\"size\":\"4096x4096\"")
                + line("g3", model, marker + " pair", "\"size\":\"1024x1024\",\"n\":2"));
        JsonNode batch = null;
        for (long deadline = System.currentTimeMillis() + 30_000; batch == null && System.currentTimeMillis() < deadline; Thread.sleep(300)) {
            batch = gemini.batches().stream().filter(b -> b.toString().contains(marker)).findFirst().orElse(null);
        }
        assertTrue(batch != null, "a Gemini batch was made");
        assertTrue(batch.path("displayName").asText().startsWith("pbt_"), batch.toString());
        JsonNode requests = batch.path("inputConfig").path("requests").path("requests");
        assertEquals(2, requests.size(), "the two single images, not the pair: " + batch);
        for (JsonNode request : requests) {
            assertTrue(request.path("metadata").path("key").asText().startsWith("job_"), request.toString());
            assertEquals("IMAGE", request.path("request").path("generationConfig").path("responseModalities").path(0).asText(), request.toString());
        }
        gemini.hold(false);
        Batch done = BatchRuns.awaitEnd(client, created.id(), 60);
        assertEquals(3, done.requestCounts().orElseThrow().completed(), done.toString());
        Map<String, JsonNode> byId = BatchRuns.fileLines(client, done.outputFileId().orElseThrow()).stream()
                .collect(Collectors.toMap(l -> l.path("custom_id").asText(), l -> l.path("response").path("body")));
        assertEquals("provider", byId.get("g1").path("stats").path("batch").asText(), byId.get("g1").toString());
        assertEquals(0.067, byId.get("g1").path("price").asDouble(), 1e-9, byId.get("g1").toString());
        assertEquals(0.12, byId.get("g2").path("price").asDouble(), 1e-9, byId.get("g2").toString());
        assertEquals("job", byId.get("g3").path("stats").path("batch").asText(), byId.get("g3").toString());
        assertEquals(0.268, byId.get("g3").path("price").asDouble(), 1e-9, byId.get("g3").toString());
        assertEquals(2, byId.get("g3").path("data").size());
        assertEquals(2, gemini.calls().stream().filter(c -> c.toString().contains(marker)).count(), "only the pair was called, once an image");
    }

    /** The stock openai-python SDK (e2e/src/test/python-sdk/provider_batch.py) runs a batch whose lines go through Gemini's batch mode. */
    @Test
    void thePythonSdkRunsABatchThroughGeminisBatchMode() throws Exception {
        gemini.hold(false);
        Path dir = PythonPackages.install("e2e/src/test/python-sdk", "e2e/target/python-sdk", List.of("requirements.txt", "provider_batch.py"));
        Path scratch = Files.createTempDirectory("python-sdk");
        Process python = new ProcessBuilder(PythonPackages.python(dir).toString(), dir.resolve("provider_batch.py").toString(),
                suite.baseUrl() + "/v1", key, scratch.toString(), "google/gemini-image-test", "fjord").redirectErrorStream(true).start();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(3, TimeUnit.MINUTES), "python did not finish");
        assertEquals(0, python.exitValue(), output);
        JsonNode seen = JSON.readTree(output.lines().reduce((a, b) -> b).orElseThrow());
        assertEquals("completed", seen.path("ended").path("status").asText(), seen.toString());
        assertEquals(3, seen.path("output").size(), seen.toString());
        for (JsonNode line : seen.path("output")) {
            JsonNode body = line.path("response").path("body");
            assertEquals("provider", body.path("stats").path("batch").asText(), body.toString());
            assertEquals(0.067, body.path("price").asDouble(), 1e-9, body.toString());
        }
        assertTrue(gemini.batches().stream().anyMatch(b -> b.toString().contains("fjord")), "the lines went into a Gemini batch");
        assertEquals(0, gemini.calls().stream().filter(c -> c.toString().contains("fjord")).count(), "none was called on its own");
    }

    /** The catalog shows the offer's batch price: a discount, and the provider's page it was read from. */
    @Test
    void theModelsOfferShowsItsBatchPrice() throws Exception {
        JsonNode offer = api.get("/v1/models/openai/gpt-image-test", key).body().path("result").path("model").path("providers").path(0);
        assertEquals(0.5, offer.path("batch").path("discount").asDouble(), offer.toString());
        assertEquals("https://developers.openai.com/api/docs/guides/batch", offer.path("batch").path("source").path("url").asText());
    }

    /**
     * A batch cancelled while its lines wait in OpenAI's batch, which then expires with nothing made: its lines end without
     * running (nothing called at the full price behind the caller's back), charged nothing, and the batch ends cancelled.
     */
    @Test
    void aCancelledBatchWhoseProviderBatchMadeNothingRunsNoLineOnItsOwn() throws Exception {
        OpenAIClient client = sdk();
        openai.batches().hold(true);
        String marker = "harbour";
        Batch created = start(client, line("x", marker + " one") + line("y", marker + " two"));
        assertEquals(1, providerBatchesOf(marker).size());
        client.batches().cancel(created.id());
        openai.batches().expire();
        Batch done = BatchRuns.awaitEnd(client, created.id(), 60);
        assertEquals("cancelled", done.status().asString(), done.toString());
        assertEquals(2, done.requestCounts().orElseThrow().failed(), done.toString());
        List<JsonNode> errors = BatchRuns.fileLines(client, done.errorFileId().orElseThrow());
        assertEquals(2, errors.size());
        errors.forEach(l -> assertTrue(l.toString().contains("cancelled before this request was made"), l.toString()));
        assertEquals(0, syncCalls(marker), "no line was called on its own");
        assertEquals(0.0, api.get("/v1/batches/" + created.id(), key).body().path("spend").asDouble());
    }

    /**
     * Routing killed after OpenAI made its batch and before routing heard the batch's id: once back, routing finds the batch
     * by the id it keeps in the batch's metadata and follows it, rather than making another; every line ends once.
     */
    @Test
    void killingRoutingBetweenMakingAProviderBatchAndRecordingItMakesNoSecond() throws Exception {
        OpenAIClient client = sdk();
        openai.batches().hold(true).answerNextCreateAfter(20_000);
        String marker = "meadow";
        Batch created = start(client, line("m0", marker + " 0") + line("m1", marker + " 1"));
        assertEquals(1, providerBatchesOf(marker).size(), "OpenAI made the batch (its answer held back)");
        suite.kill("routing-service");
        suite.restart("routing-service");
        openai.batches().hold(false);
        Batch done = BatchRuns.awaitEnd(client, created.id(), 90);
        assertEquals("completed", done.status().asString(), done.toString());
        assertEquals(2, done.requestCounts().orElseThrow().completed(), done.toString());
        assertEquals(1, providerBatchesOf(marker).size(), "the batch made before the kill was found, not made again");
        BatchRuns.fileLines(client, done.outputFileId().orElseThrow()).forEach(l ->
                assertEquals("provider", l.path("response").path("body").path("stats").path("batch").asText(), l.toString()));
        assertEquals(0, syncCalls(marker));
    }

    /**
     * Routing killed while its lines wait in OpenAI's batch, and again once the batch is done: the provider batch is neither
     * made again nor lost, and every line ends once, from its answer.
     */
    @Test
    void killingRoutingWhileLinesWaitLosesNoneAndSubmitsNothingTwice() throws Exception {
        OpenAIClient client = sdk();
        openai.batches().hold(true);
        String marker = "orchard";
        StringBuilder jsonl = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            jsonl.append(line("k" + i, marker + " " + i));
        }
        Batch created = start(client, jsonl.toString());
        assertEquals(1, providerBatchesOf(marker).size());
        suite.kill("routing-service");
        suite.restart("routing-service");
        Thread.sleep(3000);
        assertEquals(1, providerBatchesOf(marker).size(), "the provider batch is not made again after the restart");
        openai.batches().hold(false);
        Batch done = BatchRuns.awaitEnd(client, created.id(), 90);
        assertEquals("completed", done.status().asString(), done.toString());
        assertEquals(4, done.requestCounts().orElseThrow().completed(), done.toString());
        List<JsonNode> output = BatchRuns.fileLines(client, done.outputFileId().orElseThrow());
        assertEquals(4, output.size());
        output.forEach(l -> assertEquals("provider", l.path("response").path("body").path("stats").path("batch").asText(), l.toString()));
        assertEquals(0, syncCalls(marker), "no line ran as a job of its own");
    }
}
