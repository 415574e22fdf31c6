package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FormParts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OpenAI images (gpt-image) against a fake speaking its wire format (generations as JSON, edits as multipart):
 * Bearer key, base64 results with the
 * echoed quality/background/output_format, {@code {"error": {message, type, param, code}}} errors with
 * {@code moderation_blocked}, {@code insufficient_quota} and Retry-After on 429.
 */
@Exercises(adapters = {"openai", "openai-compatible"}, value = "image")
class OpenAiConformanceTest extends AdapterConformance {
    OpenAiConformanceTest() {
        super("openai", "image", false);
    }

    /** OpenAI's answer for a model it no longer has: 404 with {@code code: model_not_found}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("error", java.util.Map.of("message", "The model `dall-e-2` does not exist or you do not have "
                + "access to it.", "type", "invalid_request_error", "param", "model", "code", "model_not_found")));
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    @Override
    protected String basePath() {
        return "/v1";
    }

    private List<String> run(Map<String, Object> params) {
        return new OpenAiImageGenerator(upstream(false), OpenAiImageGenerator.OPENAI_BASE).generate(provider(),
                new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", "a lighthouse", 1536, 1024, 2, params, TaskControl.NONE))
                .stream().map(i -> i.mime()).toList();
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new OpenAiImageGenerator(upstream, OpenAiImageGenerator.OPENAI_BASE).generate(provider,
                new ImageTask("gpt-image-2.6-sunburst", Map.of(), "1", prompt, 1024, 1024, 1, Map.of(), control)).stream().map(i -> i.mime()).toList();
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1/images/generations", request -> {
            var body = request.json();
            return OpenAiFake.answer(request, secret(), body.path("prompt").asText(), body.path("output_format").asText("png"),
                    body.path("n").asInt(1), body.path("size").asText(), body.path("quality").asText("high"),
                    body.path("background").asText("opaque"));
        });
        fake.on("POST", "/v1/images/edits", request -> {
            FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
            if (form.all("image[]").isEmpty() && form.all("image").isEmpty()) {
                return OpenAiFake.error(400, "Missing required parameter: 'image'.", "invalid_request_error", "missing_required_parameter");
            }
            for (String generationOnly : List.of("moderation", "style")) {
                if (!form.all(generationOnly).isEmpty()) {
                    return OpenAiFake.error(400, "Unknown parameter: '" + generationOnly + "'.", "invalid_request_error", "unknown_parameter");
                }
            }
            return OpenAiFake.answer(request, secret(), form.text("prompt", ""), form.text("output_format", "png"),
                    Integer.parseInt(form.text("n", "1")), form.text("size", "auto"), form.text("quality", "high"),
                    form.text("background", "opaque"));
        });
    }

    @Test
    void gptImageOptionsGoThroughAndTheFormatAsked() {
        List<String> mimes = run(Map.of("quality", "low", "background", "opaque", "output_format", "jpeg"));
        assertEquals(List.of("image/jpeg", "image/jpeg"), mimes);
        var body = fake.received().getFirst().json();
        assertEquals("gpt-image-2.6-sunburst", body.path("model").asText());
        assertEquals("1536x1024", body.path("size").asText());
        assertEquals(2, body.path("n").asInt());
        assertEquals("low", body.path("quality").asText());
        assertEquals("opaque", body.path("background").asText());
        assertEquals("jpeg", body.path("output_format").asText());
        assertEquals(true, body.path("response_format").isMissingNode(), "GPT image models refuse response_format");
    }

    @Test
    void inputFidelityAnEditOptionIsNotSentToGenerations() {
        run(Map.of("input_fidelity", "high", "quality", "low"));
        var body = fake.received().getFirst().json();
        assertTrue(body.path("input_fidelity").isMissingNode(), body.toString());
        assertEquals("low", body.path("quality").asText());
    }

    /** A model OpenAI shut down (gpt-image-1, on 2026-10-23) is answered as OpenAI answers it, and read as gone, not retried. */
    @Test
    void aModelOpenAiShutDownIsGoneNotRetried() {
        ProviderException e = assertThrows(ProviderException.class, () -> new OpenAiImageGenerator(upstream(false), OpenAiImageGenerator.OPENAI_BASE)
                .generate(provider(), new ImageTask("gpt-image-1", Map.of(), "1", "a lighthouse", 1024, 1024, 1, Map.of(), TaskControl.NONE)));
        assertEquals(io.mediagate.common.events.FailureClass.GONE, e.failure());
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(1, fake.received().size(), "asked once");
    }

    @Test
    void theTokensOpenAiReportsAreReadForTheBill() {
        List<GeneratedImage> images = new OpenAiImageGenerator(upstream(false), OpenAiImageGenerator.OPENAI_BASE).generate(provider(),
                new ImageTask("gpt-image-2.6-sunburst", Map.of(), "2.6", "a lighthouse", 1024, 1024, 2, Map.of("complexity", "low"), TaskControl.NONE));
        assertEquals(new io.mediagate.common.catalog.TokenUsage(50, 0, 0, 4160), images.getFirst().made().tokens());
        assertTrue(images.getFirst().made() == images.get(1).made(), "one call's usage, shared by its images");
        assertEquals("low", fake.received().getFirst().json().path("complexity").asText(), "complexity passed through");
    }

    @Test
    void anAccountOutOfQuotaMakesTheProviderUnavailable() {
        fake.on("POST", "/v1/images/generations", request -> OpenAiFake.error(429,
                "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota"));
        ProviderException e = assertThrows(ProviderException.class, () -> run(Map.of()));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }
}
