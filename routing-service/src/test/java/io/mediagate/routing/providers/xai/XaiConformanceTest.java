package io.mediagate.routing.providers.xai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * xAI images against a fake speaking its wire: JSON bodies with {@code aspect_ratio} and {@code resolution} (no
 * {@code size}), a Bearer key, OpenAI's {@code data[]} answer, and xAI's errors {@code {"code": "<gRPC status in
 * words>", "error": "<sentence>"}}: a wrong key is a 400 "Incorrect API key provided", a refused prompt a 400 about
 * content moderation, a rate limit a 429.
 */
@Exercises(adapters = "xai", value = "image")
class XaiConformanceTest extends AdapterConformance {
    XaiConformanceTest() {
        super("xai", "image", false);
    }

    @Override
    protected String basePath() {
        return "/v1";
    }

    static ImageTask task(String prompt, int width, int height, int n, TaskControl control) {
        return new ImageTask("grok-imagine-image", Map.of(), "1", prompt, width, height, n, Map.of(), control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new XaiImageGenerator(upstream).generate(provider, task(prompt, 1024, 1024, 1, control)).stream().map(i -> i.mime()).toList();
    }

    static Reply error(int status, String code, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("error", message);
        return Reply.json(status, body);
    }

    static Reply answer(FakeUpstream.Recorded request, String secret) throws InterruptedException {
        var body = request.json();
        if (!("Bearer " + secret).equals(request.header("Authorization"))) {
            return error(400, "Client specified an invalid argument",
                    "Incorrect API key provided: wr***ey. You can obtain an API key from https://console.x.ai.");
        }
        if (body.has("size") || body.has("quality") || body.has("style")) {
            return error(400, "Client specified an invalid argument", "Argument not supported: size");
        }
        return switch (Scenario.of(body.path("prompt").asText())) {
            case RATE_LIMITED -> error(429, "Some resource has been exhausted",
                    "Your team has reached its requests-per-second limit for grok-imagine-image.");
            case SERVER_ERROR -> error(500, "Internal error", "An internal error occurred.");
            case INVALID_INPUT -> error(400, "Client specified an invalid argument", "n must be between 1 and 10");
            case MODERATED -> error(400, "Client specified an invalid argument", "Generated image rejected by content moderation.");
            case MALFORMED -> Reply.json(200, Map.of("data", List.of(Map.of())));
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> {
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < body.path("n").asInt(1); i++) {
                    data.add(Map.of("b64_json", Base64.getEncoder().encodeToString(TestImages.jpeg(8, 8)), "mime_type", "image/jpeg",
                            "revised_prompt", ""));
                }
                yield Reply.json(200, Map.of("data", data));
            }
        };
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1/images/generations", request -> answer(request, secret()));
        fake.on("POST", "/v1/images/edits", request -> {
            var body = request.json();
            if (!body.has("image") && !body.has("images")) {
                return error(400, "Client specified an invalid argument", "image or images is required");
            }
            return answer(request, secret());
        });
    }

    @Test
    void aSizeBecomesTheNearestRatioAndTheResolutionThatReachesIt() {
        var images = new XaiImageGenerator(upstream(false)).generate(provider(), task("a lighthouse", 1280, 720, 2, TaskControl.NONE));
        assertEquals(List.of("image/jpeg", "image/jpeg"), images.stream().map(i -> i.mime()).toList());
        var body = fake.received().getFirst().json();
        assertEquals("grok-imagine-image", body.path("model").asText());
        assertEquals("16:9", body.path("aspect_ratio").asText());
        assertEquals("2k", body.path("resolution").asText(), "1280 wide is past 1k");
        assertEquals("b64_json", body.path("response_format").asText());
        assertEquals(2, body.path("n").asInt());
        assertTrue(body.path("size").isMissingNode(), "xAI refuses size");
    }
}
