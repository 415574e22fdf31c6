package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.testing.FakeOpenAiImages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OpenAI's Batch API for image generations against the shared fake of OpenAI's Files and Batch API
 * ({@link io.mediagate.testing.FakeOpenAiBatches}): the JSONL uploaded with {@code purpose=batch}, the batch made with our id
 * in its metadata (found again by listing), looked at until it ends, each line's answer read from the output and error
 * files by {@code custom_id} (made, failed, or refused for its content); a batch that expired without output is lost.
 */
@Exercises(adapters = "openai", value = "batch")
class OpenAiBatchesTest {
    private static final String KEY_ENV = "MEDIAGATE_OPENAI_BATCH_KEY";
    private static final String SECRET = "sk-batches";
    private FakeOpenAiImages openai;
    private ProviderSpec provider;
    private final OpenAiBatches batches = new OpenAiBatches(new Upstream(new ObjectMapper(),
            new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(2)), Clock.systemUTC(), Thread::sleep),
            new SafeFetch(true, Duration.ofSeconds(5)), Duration.ofSeconds(5), Clock.systemUTC()), 500);

    @BeforeEach
    void start() throws Exception {
        openai = new FakeOpenAiImages().requireKey(SECRET);
        System.setProperty(KEY_ENV, SECRET);
        provider = new ProviderSpec("openai", "OpenAI", "openai", List.of("image"), true, openai.baseUrl(), KEY_ENV, Instant.EPOCH);
    }

    @AfterEach
    void stop() {
        openai.close();
        System.clearProperty(KEY_ENV);
    }

    private ImageBatches.Line line(String key, String prompt) {
        return new ImageBatches.Line(key, batches.line(new ImageTask("gpt-image-2", Map.of(), "2", prompt, 1024, 1024, 1,
                Map.of("quality", "low"), TaskControl.NONE)));
    }

    @Test
    void aBatchIsUploadedMadeFoundAgainAndEachLineAnsweredByItsCustomId() throws Exception {
        openai.batches().hold(true);
        String id = batches.submit(provider, "gpt-image-2", "pbt_1", List.of(line("job_a", "a fox"), line("job_b", "a fox batch-fails"),
                line("job_c", "an unsafe fox")));
        JsonNode made = openai.batches().list().getFirst();
        assertEquals(id, made.path("id").asText());
        assertEquals("pbt_1", made.path("metadata").path("mediagate_batch").asText());
        List<JsonNode> lines = openai.batches().lines(made);
        assertEquals("job_a", lines.getFirst().path("custom_id").asText());
        assertEquals("/v1/images/generations", lines.getFirst().path("url").asText());
        assertEquals("gpt-image-2", lines.getFirst().path("body").path("model").asText());
        assertEquals("low", lines.getFirst().path("body").path("quality").asText());
        assertEquals(id, batches.find(provider, "pbt_1").orElseThrow(), "found again by the id kept in its metadata");
        assertTrue(batches.find(provider, "pbt_2").isEmpty());

        Map<String, ImageBatches.Answer> answers = new LinkedHashMap<>();
        assertInstanceOf(ImageBatches.Look.Pending.class, batches.look(provider, id, answers::put)); // validating → in progress
        assertInstanceOf(ImageBatches.Look.Pending.class, batches.look(provider, id, answers::put)); // held
        openai.batches().hold(false);
        assertEquals(new ImageBatches.Look.Ended("completed"), batches.look(provider, id, answers::put));
        ImageBatches.Answer.Made answer = assertInstanceOf(ImageBatches.Answer.Made.class, answers.get("job_a"));
        List<GeneratedImage> images = batches.images(provider, answer.body());
        assertEquals(1, images.size());
        assertEquals("image/png", images.getFirst().mime());
        assertEquals(100, images.getFirst().made().tokens().imageOutput(), "the line's usage, as the call's answer reports it");
        ImageBatches.Answer.Failed failed = assertInstanceOf(ImageBatches.Answer.Failed.class, answers.get("job_b"));
        assertTrue(failed.message().contains("server had an error"), failed.message());
        ImageBatches.Answer.Refused refused = assertInstanceOf(ImageBatches.Answer.Refused.class, answers.get("job_c"),
                "a line refused for its content is the line's answer, not a line to try again");
        assertTrue(refused.message().contains("safety system"), refused.message());
    }

    @Test
    void aBatchThatExpiredWithNothingMadeIsLost() {
        openai.batches().hold(true);
        String id = batches.submit(provider, "gpt-image-2", "pbt_3", List.of(line("job_c", "a fox")));
        Map<String, ImageBatches.Answer> answers = new LinkedHashMap<>();
        batches.look(provider, id, answers::put);
        openai.batches().expire();
        assertEquals(new ImageBatches.Look.Lost("expired"), batches.look(provider, id, answers::put));
        assertTrue(answers.isEmpty());
    }
}
