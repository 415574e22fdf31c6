package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Imagen through the Gemini API against a fake speaking its wire: {@code x-goog-api-key}, {@code :predict} with
 * {@code instances}/{@code parameters}, {@code predictions[].bytesBase64Encoded}, withheld images left out of the
 * answer, and Google's error JSON (a wrong key is a 400 with reason {@code API_KEY_INVALID}, a quota a 429 with
 * {@code RetryInfo}).
 */
class ImagenConformanceTest extends GoogleImageConformance {
    static final String MODEL = "imagen-4.0-generate-001";

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new GeminiImageGenerator(upstream).generate(provider, task(MODEL, prompt, 1024, 1024, 1, control))
                .stream().map(i -> i.mime()).toList();
    }

    @Override
    protected void play(FakeUpstream fake) {
        onMethod(fake, ":predict", request -> {
            var body = request.json();
            if (body.path("parameters").has("size") || !body.path("parameters").has("sampleCount")) {
                return GoogleFake.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Unknown name \"size\".", List.of());
            }
            Scenario scenario = Scenario.of(body.path("instances").path(0).path("prompt").asText());
            Reply early = refusal(scenario);
            if (early != null) {
                return early;
            }
            if (scenario == Scenario.MODERATED) {
                return Reply.json(200, Map.of());
            }
            List<Map<String, Object>> predictions = new ArrayList<>();
            for (int i = 0; i < body.path("parameters").path("sampleCount").asInt(); i++) {
                predictions.add(Map.of("bytesBase64Encoded", Base64.getEncoder().encodeToString(TestImages.png(8, 8)), "mimeType", "image/png"));
            }
            return Reply.json(200, Map.of("predictions", predictions));
        });
    }

    @Test
    void theSizeBecomesARatioAndAnImageSizeAndNBecomesTheSampleCount() {
        var images = new GeminiImageGenerator(upstream(false)).generate(provider(), task(MODEL, "dunes", 2048, 1152, 3, TaskControl.NONE));
        assertEquals(3, images.size());
        var request = fake.received().getFirst();
        assertEquals("/v1beta/models/" + MODEL + ":predict", request.path());
        var parameters = request.json().path("parameters");
        assertEquals("16:9", parameters.path("aspectRatio").asText());
        assertEquals("2K", parameters.path("imageSize").asText());
        assertEquals(3, parameters.path("sampleCount").asInt());
        new GeminiImageGenerator(upstream(false)).generate(provider(), task(MODEL, "dunes", 1024, 1024, 1, TaskControl.NONE));
        assertTrue(fake.received().getLast().json().path("parameters").path("imageSize").isMissingNode(), "1K is the default");
    }

    @Test
    void someImagesWithheldLeavesTheOthers() {
        fake.on("POST", "/v1beta/models/", request -> Reply.json(200, Map.of("predictions", List.of(
                Map.of("raiFilteredReason", "Your current safety filter threshold filtered out 1 generated image."),
                Map.of("bytesBase64Encoded", Base64.getEncoder().encodeToString(TestImages.jpeg(8, 8)), "mimeType", "image/jpeg")))));
        var images = new GeminiImageGenerator(upstream(false)).generate(provider(), task(MODEL, "dunes", 1024, 1024, 2, TaskControl.NONE));
        assertEquals(List.of("image/jpeg"), images.stream().map(i -> i.mime()).toList());
    }

    @Test
    void quotaRetryDelayIsKept() {
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "dunes " + Scenario.RATE_LIMITED.marker(), TaskControl.NONE));
        assertEquals(Duration.ofSeconds(23), e.retryAfter().orElseThrow());
    }

    @Test
    void imagenEditsAreRefusedBeforeAnyCall() {
        ProviderException e = assertThrows(ProviderException.class, () -> new GeminiImageGenerator(upstream(false))
                .edit(provider(), task(MODEL, "a hat", 1024, 1024, 1, TaskControl.NONE), List.of(EditSamples.PNG), null));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertTrue(fake.received().isEmpty());
    }
}
