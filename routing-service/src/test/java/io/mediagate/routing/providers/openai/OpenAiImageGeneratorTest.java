package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.StreamedControl;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.testing.FakeOpenAiImages.Mode;
import io.mediagate.testing.FakeOpenAiImages;
import io.mediagate.testing.TestImages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiImageGeneratorTest {
    private final FakeOpenAiImages upstream;
    private final OpenAiImageGenerator generator = new OpenAiImageGenerator(new Upstream(new ObjectMapper(),
            new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(10), Duration.ofSeconds(1)), Clock.systemUTC(), Thread::sleep),
            new SafeFetch(true, Duration.ofSeconds(5)), Duration.ofSeconds(5), Clock.systemUTC()), (String) null);
    private final ProviderSpec provider;

    OpenAiImageGeneratorTest() throws Exception {
        upstream = new FakeOpenAiImages();
        provider = new ProviderSpec("acme", "Acme", "openai-compatible", List.of("image"), true, upstream.baseUrl(), null, Instant.EPOCH);
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    private List<GeneratedImage> generate(Map<String, Object> params) {
        return generator.generate(provider, new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", "a cat", 64, 32, 2, params, TaskControl.NONE));
    }

    @Test
    void sendsTheOpenAiRequestAndDecodesBase64Images() {
        List<GeneratedImage> images = generate(Map.of("quality", "high"));
        assertEquals(2, images.size());
        assertEquals("image/png", images.getFirst().mime());
        assertEquals(64, TestImages.decode(images.getFirst().bytes()).getWidth());
        assertEquals("revised: a cat", images.getFirst().revisedPrompt());
        var body = upstream.received().getFirst().body();
        assertEquals("gpt-image-2.6-sunburst", body.path("model").asText());
        assertEquals("a cat", body.path("prompt").asText());
        assertEquals(2, body.path("n").asInt());
        assertEquals("64x32", body.path("size").asText());
        assertEquals("high", body.path("quality").asText());
        assertTrue(body.path("response_format").isMissingNode(), "GPT image models reject response_format");
        assertNull(upstream.received().getFirst().authorization(), "no key configured, none sent");
    }

    @Test
    void theGptImageOptionsAreSentAsOpenAiNamesThemAndTheAnswersReportIsKept() {
        List<GeneratedImage> images = generate(Map.of("output_format", "webp", "output_compression", 40, "background", "transparent",
                "moderation", "low", "quality", "auto"));
        var body = upstream.received().getFirst().body();
        assertEquals("webp", body.path("output_format").asText());
        assertEquals(40, body.path("output_compression").asInt());
        assertEquals("transparent", body.path("background").asText());
        assertEquals("low", body.path("moderation").asText());
        assertEquals("image/webp", images.getFirst().mime(), "the provider made the format itself");
        GeneratedImage.Made made = images.getFirst().made();
        assertEquals("medium", made.quality(), "what OpenAI chose for auto");
        assertEquals("transparent", made.background());
        assertEquals(110, ((Number) made.usage().get("total_tokens")).intValue());
        assertEquals(10, ((Number) ((Map<?, ?>) made.usage().get("input_tokens_details")).get("text_tokens")).intValue());
    }

    @Test
    void aStreamedJobStreamsFromOpenAiAndItsPartialsArePassedOn() {
        StreamedControl control = new StreamedControl(2);
        List<GeneratedImage> images = generator.generate(provider, new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", "a cat", 64, 32, 1,
                Map.of("output_format", "webp"), control));
        var body = upstream.received().getFirst().body();
        assertTrue(body.path("stream").asBoolean(), body.toString());
        assertEquals(2, body.path("partial_images").asInt());
        assertEquals(List.of(0, 1), control.indexes(), "OpenAI's partials, in order");
        assertEquals(List.of("image/webp", "image/webp"), control.partials().stream().map(GeneratedImage::mime).toList());
        assertEquals(1, images.size());
        assertEquals("image/webp", images.getFirst().mime());
        assertEquals(110, ((Number) images.getFirst().made().usage().get("total_tokens")).intValue());
    }

    @Test
    void anErrorEventMidStreamEndsTheCallAsOpenAiSays() {
        upstream.mode(Mode.STREAM_BLOCKED);
        StreamedControl control = new StreamedControl(2);
        ProviderException e = assertThrows(ProviderException.class, () -> generator.generate(provider, new ImageTask("gpt-image-2.6-sunburst",
                Map.of(), "1", "a cat", 64, 32, 1, Map.of(), control)));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
        assertEquals(2, control.indexes().size(), "the partials before it were passed on");
    }

    @Test
    void aValueOpenAiRefusesIsTheCallersNamingTheField() {
        ProviderException e = assertThrows(ProviderException.class, () -> generate(Map.of("quality", "ultra")));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals("quality", e.param());
    }

    @Test
    void downloadsUrlImages() {
        upstream.mode(Mode.URL);
        GeneratedImage image = generate(Map.of()).getFirst();
        assertEquals(32, TestImages.decode(image.bytes()).getHeight());
    }

    @Test
    void mapsEveryErrorClass() {
        assertFailure(Mode.MODERATION_BLOCKED, ErrorCode.CONTENT_POLICY_VIOLATION, false);
        assertFailure(Mode.INVALID_PROMPT, ErrorCode.INVALID_REQUEST, false);
        assertFailure(Mode.BAD_KEY, ErrorCode.PROVIDER_UNAVAILABLE, true);
        assertFailure(Mode.SERVER_ERROR, ErrorCode.PROVIDER_ERROR, true);
        assertFailure(Mode.MALFORMED, ErrorCode.PROVIDER_ERROR, true);
        ProviderException limited = assertFailure(Mode.RATE_LIMITED, ErrorCode.PROVIDER_ERROR, true);
        assertEquals(Duration.ofSeconds(1), limited.retryAfter().orElseThrow());
    }

    @Test
    void anUnreachableProviderIsRetryable() {
        upstream.close();
        ProviderException e = assertThrows(ProviderException.class, () -> generate(Map.of()));
        assertTrue(e.retryable());
    }

    @Test
    void aMissingCredentialMakesTheProviderUnavailableWithoutCallingIt() {
        ProviderSpec keyed = new ProviderSpec("acme", "Acme", "openai-compatible", List.of("image"), true, upstream.baseUrl(),
                "MEDIAGATE_TEST_UNSET_KEY_VARIABLE", Instant.EPOCH);
        ProviderException e = assertThrows(ProviderException.class,
                () -> generator.generate(keyed, new ImageTask("m", Map.of(), "1", "p", 8, 8, 1, Map.of(), TaskControl.NONE)));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertTrue(upstream.received().isEmpty());
    }

    private ProviderException assertFailure(Mode mode, ErrorCode code, boolean retryable) {
        upstream.mode(mode);
        ProviderException e = assertThrows(ProviderException.class, () -> generate(Map.of()), mode.name());
        assertEquals(code, e.code(), mode.name());
        assertEquals(retryable, e.retryable(), mode.name());
        assertFalse(e.getMessage().contains("Bearer"), "no credentials in messages");
        return e;
    }
}
