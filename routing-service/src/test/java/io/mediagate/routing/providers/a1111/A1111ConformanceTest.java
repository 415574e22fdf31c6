package io.mediagate.routing.providers.a1111;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** AUTOMATIC1111/Forge against a fake of its API: txt2img, Basic auth (--api-auth), FastAPI errors. */
@Exercises(adapters = "a1111", value = "image")
class A1111ConformanceTest extends AdapterConformance {
    A1111ConformanceTest() {
        super("a1111", "image", false);
    }

    /** A local server: its 404 means it was started without its API, not that a model is gone. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return null;
    }

    @Override
    protected String secret() {
        return "artist:hunter2";
    }

    /** A self-hosted server has no rate limits and no moderation. */
    @Override
    protected Set<Scenario> unsupported() {
        return Set.of(Scenario.RATE_LIMITED, Scenario.MODERATED, Scenario.JOB_FAILED);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new A1111ImageGenerator(upstream).generate(provider, new ImageTask("sdxl", Map.of("steps", "30"), "1", prompt, 512, 768, 2,
                Map.of(), control)).stream().map(i -> i.mime()).toList();
    }

    @Override
    protected void play(FakeUpstream fake) {
        String basic = "Basic " + Base64.getEncoder().encodeToString(secret().getBytes(StandardCharsets.UTF_8));
        fake.on("POST", "/sdapi/v1/txt2img", request -> answer(request, basic));
        fake.on("POST", "/sdapi/v1/img2img", request -> request.json().path("init_images").isEmpty()
                ? Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "init_images"), "msg", "field required",
                        "type", "value_error.missing"))))
                : answer(request, basic));
    }

    /** The server's answer to txt2img or img2img (both answer alike), by the prompt's scenario. */
    private static Reply answer(FakeUpstream.Recorded request, String basic) throws InterruptedException {
        if (!basic.equals(request.header("Authorization"))) {
            return Reply.json(401, Map.of("detail", "Incorrect username or password")).with("WWW-Authenticate", "Basic");
        }
        Scenario scenario = Scenario.of(request.json().path("prompt").asText());
        return switch (scenario) {
            case SERVER_ERROR -> Reply.json(500, Map.of("error", "OutOfMemoryError", "detail", "", "body", "",
                    "errors", "CUDA out of memory"));
            case INVALID_INPUT -> Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "width"),
                    "msg", "value is not a valid integer", "type", "type_error.integer"))));
            case NEVER_FINISHES -> FakeUpstream.hang();
            case MALFORMED -> Reply.json(200, Map.of("images", List.of("not base64 at all!")));
            default -> {
                int n = request.json().path("batch_size").asInt();
                String png = Base64.getEncoder().encodeToString(TestImages.png(request.json().path("width").asInt() / 16, 8));
                yield Reply.json(200, Map.of("images", java.util.Collections.nCopies(n, png),
                        "parameters", request.json(), "info", "{\"seed\": 1234}"));
            }
        };
    }

    @Test
    void sendsTheTxt2imgBodyAndReturnsEveryImageOfTheBatch() {
        assertEquals(List.of("image/png", "image/png"), generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        var body = fake.received().getFirst().json();
        assertEquals(512, body.path("width").asInt());
        assertEquals(768, body.path("height").asInt());
        assertEquals(2, body.path("batch_size").asInt());
        assertEquals(30, body.path("steps").asInt());
        assertEquals(-1, body.path("seed").asInt());
    }
}
