package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Gemini's batch mode against a fake speaking its wire (the Gemini API's batch reference and the google-genai SDKs'
 * converters): {@code POST models/{model}:batchGenerateContent} with {@code batch.displayName} and inline
 * {@code inputConfig.requests.requests[{request, metadata}]}, answered with an operation {@code batches/…} whose
 * {@code metadata.state} goes {@code BATCH_STATE_PENDING} → {@code RUNNING} → {@code SUCCEEDED} (or {@code EXPIRED} after
 * 48 hours, without results), results in {@code metadata.output.inlinedResponses.inlinedResponses[{response | error,
 * metadata}]}, {@code GET batches} listing {@code operations}, and Google's error JSON.
 */
@Exercises(adapters = "gemini", value = "batch")
class GeminiBatchesConformanceTest {
    private static final String KEY_ENV = "MEDIAGATE_GEMINI_BATCH_KEY";
    private static final String SECRET = "gemini-batch-secret";
    private static final ObjectMapper JSON = new ObjectMapper();
    private FakeUpstream fake;
    private final Map<String, Map<String, Object>> operations = new ConcurrentHashMap<>();
    private final List<JsonNode> submitted = new ArrayList<>();
    private volatile String ending = "BATCH_STATE_SUCCEEDED";

    @BeforeEach
    void start() throws Exception {
        fake = new FakeUpstream();
        System.setProperty(KEY_ENV, SECRET);
        fake.on("POST", "/v1beta/models/", request -> {
            Reply bad = GoogleFake.badKey(request, SECRET);
            if (bad != null) {
                return bad;
            }
            if (!request.path().endsWith(":batchGenerateContent")) {
                return GoogleFake.error(404, "NOT_FOUND", "not found", List.of());
            }
            JsonNode batch = request.json().path("batch");
            JsonNode lines = batch.path("inputConfig").path("requests").path("requests");
            if (!batch.path("displayName").isTextual() || !lines.isArray() || lines.isEmpty()) {
                return GoogleFake.error(400, "INVALID_ARGUMENT", "* BatchGenerateContentRequest.batch.input_config: input_config is required", List.of());
            }
            for (JsonNode line : lines) {
                if (!line.path("request").path("contents").isArray()) {
                    return GoogleFake.error(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified", List.of());
                }
            }
            submitted.add(request.json());
            String model = request.path().substring("/v1beta/models/".length(), request.path().indexOf(':'));
            String name = "batches/b" + (operations.size() + 1);
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("@type", "type.googleapis.com/google.ai.generativelanguage.v1beta.GenerateContentBatch");
            metadata.put("model", "models/" + model);
            metadata.put("displayName", batch.path("displayName").asText());
            metadata.put("state", "BATCH_STATE_PENDING");
            metadata.put("batchStats", Map.of("requestCount", String.valueOf(lines.size()), "pendingRequestCount", String.valueOf(lines.size())));
            metadata.put("lines", lines);
            Map<String, Object> operation = new LinkedHashMap<>(Map.of("name", name, "metadata", metadata));
            operations.put(name, operation);
            return Reply.json(200, visible(operation));
        });
        fake.on("GET", "/v1beta/batches", request -> {
            Reply bad = GoogleFake.badKey(request, SECRET);
            if (bad != null) {
                return bad;
            }
            if (request.path().equals("/v1beta/batches")) {
                return Reply.json(200, Map.of("operations", operations.values().stream().map(this::visible).toList()));
            }
            Map<String, Object> operation = operations.get(request.path().substring("/v1beta/".length()));
            if (operation == null) {
                return GoogleFake.error(404, "NOT_FOUND", "Requested entity was not found.", List.of());
            }
            advance(operation);
            return Reply.json(200, visible(operation));
        });
    }

    @AfterEach
    void stop() {
        fake.close();
        System.clearProperty(KEY_ENV);
    }

    /** One look moves a batch on: pending → running → its ending (succeeded with each line's answer, or expired). */
    @SuppressWarnings("unchecked")
    private void advance(Map<String, Object> operation) {
        Map<String, Object> metadata = (Map<String, Object>) operation.get("metadata");
        switch ((String) metadata.get("state")) {
            case "BATCH_STATE_PENDING" -> metadata.put("state", "BATCH_STATE_RUNNING");
            case "BATCH_STATE_RUNNING" -> {
                metadata.put("state", ending);
                operation.put("done", true);
                if (ending.equals("BATCH_STATE_SUCCEEDED")) {
                    List<Map<String, Object>> answers = new ArrayList<>();
                    for (JsonNode line : (JsonNode) metadata.get("lines")) {
                        String prompt = line.path("request").path("contents").path(0).path("parts").path(0).path("text").asText();
                        Object key = JSON.convertValue(line.path("metadata"), Map.class);
                        answers.add(prompt.contains("forbidden")
                                ? Map.of("error", Map.of("code", 3, "message", "Request contains an invalid argument."), "metadata", key)
                                : Map.of("response", GeminiImageConformanceTest.imageAnswer(), "metadata", key));
                    }
                    metadata.put("output", Map.of("inlinedResponses", Map.of("inlinedResponses", answers)));
                }
            }
            default -> { }
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> visible(Map<String, Object> operation) {
        Map<String, Object> copy = new LinkedHashMap<>(operation);
        Map<String, Object> metadata = new LinkedHashMap<>((Map<String, Object>) operation.get("metadata"));
        metadata.remove("lines");
        copy.put("metadata", metadata);
        return copy;
    }

    private ProviderSpec provider() {
        return new ProviderSpec("google-images", "Gemini", "gemini", List.of("image"), true, fake.url() + "/v1beta", KEY_ENV, Instant.EPOCH);
    }

    private static Upstream upstream() {
        Poller poller = new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(2)), Clock.systemUTC(), Thread::sleep);
        return new Upstream(new ObjectMapper(), poller, new SafeFetch(true, Duration.ofSeconds(10)), Duration.ofMillis(1500), Clock.systemUTC());
    }

    private static ImageTask task(String prompt, int n) {
        return new ImageTask("gemini-3-pro-image", Map.of("imageSizes", "1K,2K,4K"), "3", prompt, 1024, 1024, n, Map.of(), TaskControl.NONE);
    }

    @Test
    void aBatchIsSubmittedInlineFoundByItsNameLookedAtUntilItEndsAndEachLineAnswered() {
        GeminiBatches batches = new GeminiBatches(upstream(), 16);
        List<ImageBatches.Line> lines = List.of(new ImageBatches.Line("job_a", batches.line(task("a fox", 1))),
                new ImageBatches.Line("job_b", batches.line(task("a forbidden fox", 1))));
        String id = batches.submit(provider(), "gemini-3-pro-image", "pbt_1", lines);
        assertEquals("batches/b1", id);
        JsonNode sent = submitted.getFirst().path("batch");
        assertEquals("pbt_1", sent.path("displayName").asText());
        JsonNode first = sent.path("inputConfig").path("requests").path("requests").path(0);
        assertEquals("job_a", first.path("metadata").path("key").asText());
        assertEquals("a fox", first.path("request").path("contents").path(0).path("parts").path(0).path("text").asText());
        assertEquals("1:1", first.path("request").path("generationConfig").path("imageConfig").path("aspectRatio").asText(), first.toString());
        assertEquals(List.of("batches/b1"), batches.find(provider(), "pbt_1").stream().toList(), "found again by its display name");
        assertTrue(batches.find(provider(), "pbt_other").isEmpty());

        Map<String, ImageBatches.Answer> answers = new LinkedHashMap<>();
        assertInstanceOf(ImageBatches.Look.Pending.class, batches.look(provider(), id, answers::put));
        assertInstanceOf(ImageBatches.Look.Ended.class, batches.look(provider(), id, answers::put));
        assertEquals(2, answers.size());
        ImageBatches.Answer.Made made = assertInstanceOf(ImageBatches.Answer.Made.class, answers.get("job_a"));
        List<GeneratedImage> images = batches.images(provider(), made.body());
        assertEquals(1, images.size());
        assertEquals("image/png", images.getFirst().mime());
        assertEquals(1290, images.getFirst().made().tokens().imageOutput(), "the line's tokens, as its call would report them");
        ImageBatches.Answer.Failed failed = assertInstanceOf(ImageBatches.Answer.Failed.class, answers.get("job_b"));
        assertTrue(failed.message().contains("invalid argument"), failed.message());
    }

    @Test
    void aBatchThatExpiresIsLostAndMakesNothing() {
        ending = "BATCH_STATE_EXPIRED";
        GeminiBatches batches = new GeminiBatches(upstream(), 16);
        String id = batches.submit(provider(), "gemini-3-pro-image", "pbt_2", List.of(new ImageBatches.Line("job_c", batches.line(task("a fox", 1)))));
        Map<String, ImageBatches.Answer> answers = new LinkedHashMap<>();
        batches.look(provider(), id, answers::put);
        assertEquals(new ImageBatches.Look.Lost("BATCH_STATE_EXPIRED"), batches.look(provider(), id, answers::put));
        assertTrue(answers.isEmpty());
    }

    @Test
    void onlySingleImagesGoThroughABatchAndAWrongKeyIsRefusedCredentials() {
        GeminiBatches batches = new GeminiBatches(upstream(), 16);
        assertTrue(batches.takes(task("a fox", 1)));
        assertFalse(batches.takes(task("a fox", 2)), "a Gemini call makes one image: n > 1 runs as a job");
        System.setProperty(KEY_ENV, "wrong");
        ProviderException e = assertThrows(ProviderException.class, () -> batches.find(provider(), "pbt_3"));
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }
}
