package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Gemini image models against a fake speaking the Gemini API's {@code :generateContent} wire: the prompt (and any
 * sources) as parts of one user turn, {@code responseModalities: ["IMAGE"]}, images back as {@code inlineData} parts,
 * a refused prompt as {@code promptFeedback.blockReason}, and Google's error JSON.
 */
class GeminiImageConformanceTest extends GoogleImageConformance {
    static final String MODEL = "gemini-3-pro-image-preview";

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new GeminiImageGenerator(upstream).generate(provider, task(MODEL, prompt, 1024, 1024, 1, control))
                .stream().map(i -> i.mime()).toList();
    }

    static Map<String, Object> imageAnswer() {
        return Map.of("candidates", List.of(Map.of("content", Map.of("role", "model", "parts", List.of(
                Map.of("text", "Here is your picture."),
                Map.of("inlineData", Map.of("mimeType", "image/png", "data", Base64.getEncoder().encodeToString(TestImages.png(8, 8)))))),
                "finishReason", "STOP", "index", 0)), "usageMetadata", Map.of("promptTokenCount", 12, "candidatesTokenCount", 1290));
    }

    @Override
    protected void play(FakeUpstream fake) {
        onMethod(fake, ":generateContent", request -> {
            var body = request.json();
            if (!body.path("generationConfig").path("responseModalities").toString().contains("IMAGE")) {
                return Reply.json(200, Map.of("candidates", List.of(Map.of("content", Map.of("role", "model",
                        "parts", List.of(Map.of("text", "I can describe it instead."))), "finishReason", "STOP"))));
            }
            Scenario scenario = Scenario.of(body.path("contents").path(0).path("parts").path(0).path("text").asText());
            Reply early = refusal(scenario);
            if (early != null) {
                return early;
            }
            if (scenario == Scenario.MODERATED) {
                return Reply.json(200, Map.of("promptFeedback", Map.of("blockReason", "PROHIBITED_CONTENT"),
                        "usageMetadata", Map.of("promptTokenCount", 12)));
            }
            return Reply.json(200, imageAnswer());
        });
    }

    @Test
    void askForImagesAtTheNearestRatioAndOneCallPerImage() {
        var images = new GeminiImageGenerator(upstream(false)).generate(provider(),
                task(MODEL, "a fox", 4096, 2304, 2, TaskControl.NONE));
        assertEquals(2, images.size());
        assertEquals(2, fake.received().size(), "one image per call");
        var request = fake.received().getFirst();
        assertEquals("/v1beta/models/" + MODEL + ":generateContent", request.path());
        var config = request.json().path("generationConfig");
        assertEquals("[\"IMAGE\"]", config.path("responseModalities").toString());
        assertEquals("16:9", config.path("imageConfig").path("aspectRatio").asText());
        assertEquals("4K", config.path("imageConfig").path("imageSize").asText());
        assertEquals("user", request.json().path("contents").path(0).path("role").asText());
    }

    @Test
    void anImageWithheldAfterGenerationIsModeration() {
        fake.on("POST", "/v1beta/models/", request -> Reply.json(200, Map.of("candidates", List.of(Map.of("finishReason", "IMAGE_SAFETY",
                "content", Map.of("role", "model", "parts", List.of()))))));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a fox", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }

    @Test
    void aTextOnlyAnswerIsARetryableProviderError() {
        fake.on("POST", "/v1beta/models/", request -> Reply.json(200, Map.of("candidates", List.of(Map.of("finishReason", "STOP",
                "content", Map.of("role", "model", "parts", List.of(Map.of("text", "Sure! Imagine a fox."))))))));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a fox", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
        assertTrue(e.retryable());
    }
}
