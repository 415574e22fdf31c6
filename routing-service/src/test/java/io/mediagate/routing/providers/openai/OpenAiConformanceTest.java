package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OpenAI images (gpt-image) against a fake speaking its wire format: Bearer key, base64 results with the
 * echoed quality/background/output_format, {@code {"error": {message, type, param, code}}} errors with
 * {@code moderation_blocked}, {@code insufficient_quota} and Retry-After on 429.
 */
class OpenAiConformanceTest extends AdapterConformance {
    OpenAiConformanceTest() {
        super("openai", "image", false);
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
                new ImageTask("gpt-image-1", Map.of(), "1", "a lighthouse", 1536, 1024, 2, params, TaskControl.NONE))
                .stream().map(i -> i.mime()).toList();
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new OpenAiImageGenerator(upstream, OpenAiImageGenerator.OPENAI_BASE).generate(provider,
                new ImageTask("gpt-image-1", Map.of(), "1", prompt, 1024, 1024, 1, Map.of(), control)).stream().map(i -> i.mime()).toList();
    }

    private static Reply error(int status, String message, String type, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return Reply.json(status, Map.of("error", error));
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1/images/generations", request -> {
            if (!("Bearer " + secret()).equals(request.header("Authorization"))) {
                return error(401, "Incorrect API key provided: wr***ey.", "invalid_request_error", "invalid_api_key");
            }
            var body = request.json();
            return switch (Scenario.of(body.path("prompt").asText())) {
                case RATE_LIMITED -> error(429, "Rate limit reached for images per minute.", "requests", "rate_limit_exceeded")
                        .with("retry-after", "2");
                case SERVER_ERROR -> error(500, "The server had an error while processing your request.", "server_error", null);
                case INVALID_INPUT -> error(400, "Invalid value: '999x999'. Supported values are: '1024x1024', '1024x1536', "
                        + "'1536x1024', and 'auto'.", "invalid_request_error", "invalid_value");
                case MODERATED -> error(400, "Your request was rejected as a result of our safety system.", "image_generation_user_error",
                        "moderation_blocked");
                case MALFORMED -> Reply.json(200, Map.of("created", 1767225600, "data", List.of(Map.of())));
                case NEVER_FINISHES -> FakeUpstream.hang();
                default -> {
                    String format = body.path("output_format").asText("png");
                    List<Map<String, Object>> data = new ArrayList<>();
                    for (int i = 0; i < body.path("n").asInt(1); i++) {
                        byte[] image = "jpeg".equals(format) ? TestImages.jpeg(8, 8) : TestImages.png(8, 8);
                        data.add(Map.of("b64_json", Base64.getEncoder().encodeToString(image)));
                    }
                    Map<String, Object> answer = new LinkedHashMap<>();
                    answer.put("created", 1767225600);
                    answer.put("data", data);
                    answer.put("background", body.path("background").asText("opaque"));
                    answer.put("output_format", format);
                    answer.put("quality", body.path("quality").asText("high"));
                    answer.put("size", body.path("size").asText());
                    answer.put("usage", Map.of("input_tokens", 50, "output_tokens", 4160, "total_tokens", 4210));
                    yield Reply.json(200, answer).with("x-request-id", "req_123");
                }
            };
        });
    }

    @Test
    void gptImageOptionsGoThroughAndTheFormatAsked() {
        List<String> mimes = run(Map.of("quality", "low", "background", "opaque", "output_format", "jpeg"));
        assertEquals(List.of("image/jpeg", "image/jpeg"), mimes);
        var body = fake.received().getFirst().json();
        assertEquals("gpt-image-1", body.path("model").asText());
        assertEquals("1536x1024", body.path("size").asText());
        assertEquals(2, body.path("n").asInt());
        assertEquals("low", body.path("quality").asText());
        assertEquals("opaque", body.path("background").asText());
        assertEquals("jpeg", body.path("output_format").asText());
        assertEquals(true, body.path("response_format").isMissingNode(), "GPT image models refuse response_format");
    }

    @Test
    void anAccountOutOfQuotaMakesTheProviderUnavailable() {
        fake.on("POST", "/v1/images/generations", request -> error(429,
                "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota"));
        ProviderException e = assertThrows(ProviderException.class, () -> run(Map.of()));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }
}
