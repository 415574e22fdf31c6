package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Gemini image models against a fake speaking the Gemini API's {@code :generateContent} wire: the prompt (and any
 * sources) as parts of one user turn, {@code responseModalities: ["IMAGE"]}, images back as {@code inlineData} parts,
 * a refused prompt as {@code promptFeedback.blockReason}, and Google's error JSON.
 */
@Exercises(adapters = "gemini", value = "image")
class GeminiImageConformanceTest extends GoogleImageConformance {
    static final String MODEL = "gemini-3-pro-image";
    /**
     * The models the Gemini API makes images with today; any other id is answered 404 NOT_FOUND, as Google does
     * (gemini-2.5-flash-image, shut down on 2026-10-02 by Google's deprecations page, among them).
     */
    static final Set<String> LIVE = Set.of("gemini-3-pro-image");
    /** Those with resolution tiers. */
    static final Set<String> TIERED = Set.of("gemini-3-pro-image");

    /** The task production sends for a shipped offer: its upstream model and options. */
    static ImageTask shipped(String model, int width, int height) {
        OfferSpec offer = ShippedOffers.offer("google-images", model);
        return new ImageTask(model, offer.options() == null ? Map.of() : offer.options(), "1", "a fox", width, height, 1, Map.of(),
                TaskControl.NONE);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        OfferSpec offer = ShippedOffers.offer("google-images", MODEL);
        return new GeminiImageGenerator(upstream).generate(provider, new ImageTask(MODEL, offer.options(), "1", prompt, 1024, 1024, 1,
                Map.of(), control)).stream().map(i -> i.mime()).toList();
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
            String model = request.path().substring("/v1beta/models/".length(), request.path().indexOf(':'));
            if (!LIVE.contains(model)) {
                return GoogleFake.error(404, "NOT_FOUND", "models/" + model + " is not found for API version v1beta, or is not "
                        + "supported for generateContent. Call ListModels to see the list of available models and their supported methods.",
                        List.of());
            }
            JsonNode imageSize = body.path("generationConfig").path("imageConfig").path("imageSize");
            if (!imageSize.isMissingNode() && (!TIERED.contains(model) || !Set.of("1K", "2K", "4K").contains(imageSize.asText()))) {
                return GoogleFake.error(400, "INVALID_ARGUMENT", "Invalid value for imageSize: " + imageSize.asText(), List.of());
            }
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
                new ImageTask(MODEL, Map.of("imageSizes", "1K,2K,4K"), "1", "a fox", 4096, 2304, 2, Map.of(), TaskControl.NONE));
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

    /** Google's table, per aspect ratio: 16:9 is 1376x768 at 1K, 2752x1536 at 2K and 5504x3072 at 4K. */
    @Test
    void theTierSentIsTheOneWhoseSizeAtThatRatioIsTheSizeAsked() {
        Map<String, String> expected = Map.of("1376x768", "1K", "2752x1536", "2K", "5504x3072", "4K", "1024x1024", "1K",
                "2048x2048", "2K", "4096x4096", "4K", "1536x2752", "2K");
        expected.forEach((size, tier) -> {
            String[] wh = size.split("x");
            new GeminiImageGenerator(upstream(false)).generate(provider(), shipped(MODEL, Integer.parseInt(wh[0]), Integer.parseInt(wh[1])));
            assertEquals(tier, fake.received().getLast().json().path("generationConfig").path("imageConfig").path("imageSize").asText(), size);
        });
    }

    /** What we charge at a size is the price of the tier the provider is asked for, and so bills. */
    @Test
    void everyShippedSizeIsChargedAtThePriceOfTheTierSent() {
        OfferSpec offer = ShippedOffers.offer("google-images", MODEL);
        for (String size : ShippedOffers.sizes("google/gemini-3-pro-image")) {
            String[] wh = size.split("x");
            String tier = GeminiWire.imageSize(Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), offer.options().get("imageSizes"));
            assertEquals("4K".equals(tier), offer.sizePrices().containsKey(size), size + " is sent as " + tier);
            List<String> atRatio = GeminiWire.TIERS.get(io.mediagate.routing.providers.Shapes.nearestRatio(Integer.parseInt(wh[0]),
                    Integer.parseInt(wh[1]), GeminiWire.GEMINI_RATIOS));
            assertEquals(size, atRatio.get(GeminiWire.TIER_NAMES.indexOf(tier)), "the size delivered is the size asked");
        }
    }

    @Test
    void anOfferWithoutResolutionTiersIsNeverSentAnImageSize() {
        for (String size : List.of("1024x1024", "1376x768", "768x1376")) {
            String[] wh = size.split("x");
            new GeminiImageGenerator(upstream(false)).generate(provider(), new ImageTask(MODEL, Map.of(), "1", "a fox",
                    Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), 1, Map.of(), TaskControl.NONE));
            assertTrue(fake.received().getLast().json().path("generationConfig").path("imageConfig").path("imageSize").isMissingNode(), size);
        }
    }

    @Test
    void gemini25FlashImageIsShutDownAndAnsweredGone() {
        ProviderException e = assertThrows(ProviderException.class, () -> new GeminiImageGenerator(upstream(false)).generate(provider(),
                task("gemini-2.5-flash-image", "a fox", 1024, 1024, 1, TaskControl.NONE)));
        assertEquals(FailureClass.GONE, e.failure());
    }

    @Test
    void theTokensGoogleReportsAreReadForTheBill() {
        List<io.mediagate.routing.providers.GeneratedImage> images = new GeminiImageGenerator(upstream(false)).generate(provider(),
                task(MODEL, "a fox", 1024, 1024, 2, TaskControl.NONE));
        assertEquals(new io.mediagate.common.catalog.TokenUsage(12, 0, 0, 1290), images.getFirst().made().tokens());
        assertTrue(images.getFirst().made() != images.get(1).made(), "one call per image, each with its own usage");
    }

    @Test
    void aModelGoogleRetiredIsGone() {
        ProviderException e = assertThrows(ProviderException.class, () -> new GeminiImageGenerator(upstream(false)).generate(provider(),
                task("gemini-3-pro-image-preview", "a fox", 1024, 1024, 1, TaskControl.NONE)));
        assertEquals(FailureClass.GONE, e.failure());
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
