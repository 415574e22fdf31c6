package io.mediagate.routing.providers.recraft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Recraft against a fake speaking its wire: JSON generations and multipart edits with a Bearer token, OpenAI's
 * {@code data[]} answer, and Recraft's failures, whose bodies are plain text or JSON by error (a wrong token is a 401
 * {@code request unauthorized} in text). Recraft documents no moderation answer, so that scenario is not played.
 */
@Exercises(adapters = "recraft", value = "image")
class RecraftConformanceTest extends AdapterConformance {
    RecraftConformanceTest() {
        super("recraft", "image", false);
    }

    @Override
    protected String basePath() {
        return "/v1";
    }

    @Override
    protected Set<Scenario> unsupported() {
        return Set.of(Scenario.MODERATED);
    }

    static ImageTask task(String prompt, int width, int height, int n, Map<String, Object> params, TaskControl control) {
        return new ImageTask("recraftv3", Map.of(), "3", prompt, width, height, n, params, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new RecraftImageGenerator(upstream).generate(provider, task(prompt, 1024, 1024, 1, Map.of(), control))
                .stream().map(i -> i.mime()).toList();
    }

    static final String SVG = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 1365 1024\"><path fill=\"rgb(230,120,40)\" d=\"M0 0H1365V1024H0z\"/></svg>";

    static Reply text(int status, String body) {
        return Reply.raw(status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    Reply answer(FakeUpstream.Recorded request) throws InterruptedException {
        if (!("Bearer " + secret()).equals(request.header("Authorization"))) {
            return text(401, "request unauthorized");
        }
        boolean json = String.valueOf(request.header("Content-Type")).startsWith("application/json");
        String prompt = json ? request.json().path("prompt").asText() : FormParts.parse(request.header("Content-Type"), request.body())
                .text("prompt", untoldPrompt);
        int n = json ? request.json().path("n").asInt(1) : Integer.parseInt(FormParts.parse(request.header("Content-Type"), request.body())
                .text("n", "1"));
        return switch (Scenario.of(prompt)) {
            case RATE_LIMITED -> text(429, "too many requests");
            case SERVER_ERROR -> text(500, "internal server error");
            case INVALID_INPUT -> Reply.json(400, Map.of("code", "invalid_size", "message", "size 1000x1000 is not supported"));
            case MALFORMED -> Reply.raw(200, "text/html", "<html>gateway</html>".getBytes(StandardCharsets.UTF_8));
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> {
                if (TOOLS.stream().anyMatch(tool -> request.path().endsWith(tool))) {
                    // a tool answers one image, not a list, and the API units it charged
                    yield Reply.json(200, Map.of("created", 1764064800, "credits", request.path().endsWith("Upscale") ? 4 : 10,
                            "image", Map.of("image_id", "4d1c6a8e-0b7f-4a43-9d0e-2f6f1c1d2e3f",
                                    "b64_json", Base64.getEncoder().encodeToString(TestImages.png(512, 512)))));
                }
                // Models whose name ends in _vector answer SVG documents; the others raster images.
                String model = json ? request.json().path("model").asText() : "";
                byte[] image = model.endsWith("_vector") ? SVG.getBytes(StandardCharsets.UTF_8) : TestImages.png(8, 8);
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    data.add(Map.of("b64_json", Base64.getEncoder().encodeToString(image)));
                }
                yield Reply.json(200, Map.of("created", 1764064800, "data", data));
            }
        };
    }

    /** Recraft's image tools, answered in their own shape. */
    static final List<String> TOOLS = List.of("/v1/images/crispUpscale", "/v1/images/removeBackground");

    @Override
    protected void play(FakeUpstream fake) {
        for (String path : java.util.stream.Stream.concat(List.of("/v1/images/generations", "/v1/images/inpaint", "/v1/images/imageToImage")
                .stream(), TOOLS.stream()).toList()) {
            fake.on("POST", path, this::answer);
        }
    }

    @Test
    void theRequestNamesTheModelTheSizeAndTheStyleAndAsksForBase64() {
        var images = new RecraftImageGenerator(upstream(false)).generate(provider(),
                task("a fox logo", 1365, 1024, 2, Map.of("style", "digital_illustration"), TaskControl.NONE));
        assertEquals(2, images.size());
        var body = fake.received().getFirst().json();
        assertEquals("recraftv3", body.path("model").asText());
        assertEquals("1365x1024", body.path("size").asText());
        assertEquals("digital_illustration", body.path("style").asText());
        assertEquals("b64_json", body.path("response_format").asText());
        assertTrue(fake.received().getFirst().path().endsWith("/images/generations"));
    }

    @Test
    void aVectorModelsSvgComesBackAsAnSvgImage() {
        var images = new RecraftImageGenerator(upstream(false)).generate(provider(),
                new ImageTask("recraftv3_vector", Map.of(), "3", "a fox logo", 1365, 1024, 1, Map.of("style", "vector_illustration"),
                        TaskControl.NONE));
        assertEquals("image/svg+xml", images.getFirst().mime());
        assertEquals(SVG, new String(images.getFirst().bytes(), StandardCharsets.UTF_8));
        assertEquals("recraftv3_vector", fake.received().getFirst().json().path("model").asText());
        assertEquals(Optional.of(new ContentSniffer.Dimensions(1365, 1024)), ContentSniffer.dimensions(images.getFirst().bytes()));
    }
}
