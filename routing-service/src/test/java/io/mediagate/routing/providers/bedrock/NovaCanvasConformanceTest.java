package io.mediagate.routing.providers.bedrock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Nova Canvas on Bedrock against a fake that checks every call's SigV4 signature the way AWS does ({@link SigV4Check})
 * and answers InvokeModel in Bedrock's wire: {@code images} in base64, errors named in {@code x-amzn-ErrorType}, the
 * content filters' refusal as a {@code ValidationException}.
 */
@Exercises(adapters = "bedrock", value = "image")
class NovaCanvasConformanceTest extends AdapterConformance {
    static final String MODEL = "amazon.nova-canvas-v1:0";
    protected final Map<String, String> settings = new HashMap<>(Map.of(BedrockSettings.SECRET, SigV4Check.SECRET_KEY,
            BedrockSettings.REGION, SigV4Check.REGION));

    NovaCanvasConformanceTest() {
        super("bedrock", "image", false);
    }

    protected BedrockImageGenerator generator(Upstream upstream) {
        return new BedrockImageGenerator(upstream, name -> Optional.ofNullable(settings.get(name)));
    }

    static ImageTask task(String prompt, int n, TaskControl control) {
        return new ImageTask(MODEL, Map.of("quality", "premium"), "1", prompt, 1024, 768, n, Map.of("negativeText", "fog", "seed", 42), control);
    }

    /** Bedrock's answer for a model identifier it does not know: 404 {@code ResourceNotFoundException}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("message", "Could not resolve the foundation model from the provided model identifier."))
                .with("x-amzn-ErrorType", "ResourceNotFoundException:http://internal.amazon.com/coral/com.amazon.bedrock/");
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return generator(upstream).generate(provider, task(prompt, 2, control)).stream().map(i -> i.mime()).toList();
    }

    /** The prompt wherever the task type keeps it. */
    static String prompt(JsonNode body) {
        for (String field : List.of("textToImageParams", "inPaintingParams", "imageVariationParams")) {
            if (body.has(field)) {
                return body.path(field).path("text").asText();
            }
        }
        return "";
    }

    Reply invoke(FakeUpstream.Recorded request) throws Exception {
        Reply refused = SigV4Check.refused(request, "bedrock", secret());
        if (refused != null) {
            return refused;
        }
        if (!request.rawPath().equals("/model/" + MODEL.replace(":", "%3A") + "/invoke")) {
            return SigV4Check.error(404, "ResourceNotFoundException", "The requested resource could not be found.");
        }
        JsonNode body = request.json();
        String size = sizeRefusal(body.path("imageGenerationConfig"));
        if (size != null) {
            return SigV4Check.error(400, "ValidationException", size);
        }
        return switch (Scenario.of(prompt(body))) {
            case RATE_LIMITED -> SigV4Check.error(429, "ThrottlingException", "Too many requests, please wait before trying again.");
            case SERVER_ERROR -> SigV4Check.error(500, "InternalServerException", "The server encountered an internal error.");
            case INVALID_INPUT -> SigV4Check.error(400, "ValidationException",
                    "Malformed input request: #/imageGenerationConfig/width: 1000 is not a multiple of 16, please reformat your input and try again.");
            case MODERATED -> SigV4Check.error(400, "ValidationException", "This request has been blocked by our content filters.");
            case NEVER_FINISHES -> FakeUpstream.hang();
            case MALFORMED -> Reply.raw(200, "text/html", "<html>proxy</html>".getBytes(StandardCharsets.UTF_8));
            default -> {
                List<String> images = new ArrayList<>();
                for (int i = 0; i < body.path("imageGenerationConfig").path("numberOfImages").asInt(1); i++) {
                    images.add(Base64.getEncoder().encodeToString(TestImages.png(16, 16)));
                }
                yield Reply.json(200, Map.of("images", images));
            }
        };
    }

    /**
     * Nova Canvas's size rules: each side from 320 to 4096 pixels and a multiple of 16, the ratio within 1:4 to 4:1, and
     * fewer than 4,194,304 pixels in all (2048x2048 is refused). Null when the size passes or none is given.
     */
    static String sizeRefusal(JsonNode config) {
        if (!config.has("width") && !config.has("height")) {
            return null;
        }
        int w = config.path("width").asInt();
        int h = config.path("height").asInt();
        if (w < 320 || h < 320 || w > 4096 || h > 4096 || w % 16 != 0 || h % 16 != 0) {
            return "Malformed input request: width and height must be multiples of 16 from 320 to 4096, please reformat your input and try again.";
        }
        if (Math.max(w, h) > 4 * Math.min(w, h)) {
            return "Malformed input request: the aspect ratio must be between 1:4 and 4:1, please reformat your input and try again.";
        }
        if ((long) w * h >= 4_194_304L) {
            return "Malformed input request: the image must have fewer than 4194304 pixels, please reformat your input and try again.";
        }
        return null;
    }

    @Test
    void everyShippedSizeIsOneNovaCanvasMakes() {
        for (String size : io.mediagate.routing.providers.conformance.ShippedOffers.sizes("amazon/nova-canvas")) {
            String[] wh = size.split("x");
            var images = generator(upstream(false)).generate(provider(), new ImageTask(MODEL, Map.of("quality", "standard"), "1",
                    "a lighthouse", Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), 1, Map.of(), TaskControl.NONE));
            assertEquals(1, images.size(), size);
        }
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/model/", this::invoke);
    }

    @Test
    void textToImageCarriesTheSizeTheCountTheQualityAndThePassedParameters() {
        var images = generator(upstream(false)).generate(provider(), task("a lighthouse", 2, TaskControl.NONE));
        assertEquals(2, images.size());
        JsonNode body = fake.received().getFirst().json();
        assertEquals("TEXT_IMAGE", body.path("taskType").asText());
        assertEquals("a lighthouse", body.path("textToImageParams").path("text").asText());
        assertEquals("fog", body.path("textToImageParams").path("negativeText").asText());
        JsonNode config = body.path("imageGenerationConfig");
        assertEquals(2, config.path("numberOfImages").asInt());
        assertEquals(1024, config.path("width").asInt());
        assertEquals(768, config.path("height").asInt());
        assertEquals("premium", config.path("quality").asText());
        assertEquals(42, config.path("seed").asInt(), "the seed is generation config, not a text parameter");
        assertTrue(body.path("textToImageParams").path("seed").isMissingNode());
    }

    @Test
    void aSessionTokenIsSentAndSigned() {
        settings.put(BedrockSettings.SESSION_TOKEN, "session-token-1");
        generator(upstream(false)).generate(provider(), task("a lighthouse", 1, TaskControl.NONE));
        var request = fake.received().getFirst();
        assertEquals("session-token-1", request.header("X-Amz-Security-Token"));
        assertTrue(request.header("Authorization").contains("x-amz-security-token"), "signed with the rest");
    }

    @Test
    void aWrongSecretKeyFailsTheSignatureAndMakesTheProviderUnavailable() {
        settings.put(BedrockSettings.SECRET, "not-the-secret");
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }

    @Test
    void aMissingSecretNeverReachesBedrock() {
        settings.remove(BedrockSettings.SECRET);
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(FailureClass.CREDENTIALS, e.failure());
        assertTrue(fake.received().isEmpty());
    }

    @Test
    void imagesWithheldByTheFiltersAreModeration() {
        fake.on("POST", "/model/", request -> Reply.json(200, Map.of("images", List.of(),
                "error", "All of the generated images have been blocked by our content filters.")));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }

    @Test
    void noModelAccessIsACredentialsFailure() {
        fake.on("POST", "/model/", request -> SigV4Check.error(403, "AccessDeniedException",
                "You don't have access to the model with the specified model ID."));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }
}
