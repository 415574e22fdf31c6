package io.mediagate.routing.providers.minimax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Samples;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MiniMax against a fake speaking its wire format: Bearer key, HTTP 200 with {@code base_resp} status
 * codes (1002, 1004, 1026, 1027, 2013, ...), task → query → file → download_url.
 */
@Exercises(adapters = "minimax", value = "video")
class MiniMaxConformanceTest extends AdapterConformance {
    MiniMaxConformanceTest() {
        super("minimax", "video", true);
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    private VideoTask task(String prompt, Path image, TaskControl control) {
        return new VideoTask("MiniMax-Hailuo-02", ShippedOffers.offer("minimax", "MiniMax-Hailuo-02").options(), "1", prompt, 1280, 720, 6, image, null,
                Map.of("prompt_optimizer", false), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(new MiniMaxVideoGenerator(upstream).generate(provider, task(prompt, null, control)).mime());
    }

    private static Map<String, Object> baseResp(int code, String message) {
        return Map.of("status_code", code, "status_msg", message);
    }

    private static Reply ok(Map<String, Object> body) {
        Map<String, Object> b = new LinkedHashMap<>(body);
        b.put("base_resp", baseResp(0, "success"));
        return Reply.json(200, b);
    }

    private static Reply coded(int code, String message) {
        return Reply.json(200, Map.of("task_id", "", "base_resp", baseResp(code, message)));
    }

    private Reply refused(FakeUpstream.Recorded request) {
        return ("Bearer " + secret()).equals(request.header("Authorization")) ? null
                : coded(1004, "login fail: Please carry the API secret key in the 'Authorization' field of the request header");
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1/video_generation", request -> {
            Reply refused = refused(request);
            if (refused != null) {
                return refused;
            }
            Scenario scenario = Scenario.of(request.json().path("prompt").asText());
            return switch (scenario) {
                case RATE_LIMITED -> coded(1002, "rate limit exceeded");
                case SERVER_ERROR -> Reply.json(502, Map.of("message", "bad gateway"));
                case INVALID_INPUT -> coded(2013, "invalid params, duration 6 is not supported for resolution 1080P");
                case MALFORMED -> Reply.raw(200, "text/html", "<html>waf</html>".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("body", request.json());
                    yield ok(Map.of("task_id", "1067" + job.id));
                }
            };
        });
        fake.on("GET", "/v1/query/video_generation", request -> {
            Reply refused = refused(request);
            if (refused != null) {
                return refused;
            }
            var job = fake.jobs.get(request.query().substring(request.query().indexOf("job")));
            int poll = job.polls.incrementAndGet();
            String id = "1067" + job.id;
            if (poll == 1) {
                return ok(Map.of("task_id", id, "status", "Queueing", "file_id", ""));
            }
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return ok(Map.of("task_id", id, "status", "Processing", "file_id", ""));
            }
            return switch (job.scenario) {
                case MODERATED -> Reply.json(200, Map.of("task_id", id, "status", "Fail", "file_id", "",
                        "base_resp", baseResp(1027, "video output contains sensitive content")));
                case JOB_FAILED -> Reply.json(200, Map.of("task_id", id, "status", "Fail", "file_id", "",
                        "base_resp", baseResp(1000, "unknown error")));
                default -> ok(Map.of("task_id", id, "status", "Success", "file_id", "2059" + job.id,
                        "video_width", 1366, "video_height", 768));
            };
        });
        fake.on("GET", "/v1/files/retrieve", request -> {
            Reply refused = refused(request);
            if (refused != null) {
                return refused;
            }
            String fileId = request.query().substring("file_id=".length());
            return ok(Map.of("file", Map.of("file_id", fileId, "bytes", 64, "created_at", 1767225600, "filename", "output.mp4",
                    "purpose", "video_generation", "download_url", fake.link() + "/oss/" + fileId + ".mp4?Expires=1767229200")));
        });
        fake.on("GET", "/oss/", request -> Reply.raw(200, "video/mp4", Samples.mp4()));
    }

    @Exercises({"first-frame", "duration"})
    @Test
    void theRequestCarriesTheImageTheResolutionAndTheDuration() throws Exception {
        Path image = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        new MiniMaxVideoGenerator(upstream(false)).generate(provider(), task("waves", image, TaskControl.NONE));
        var body = fake.received().getFirst().json();
        assertEquals("MiniMax-Hailuo-02", body.path("model").asText());
        assertEquals("768P", body.path("resolution").asText());
        assertEquals(6, body.path("duration").asInt());
        assertTrue(body.path("first_frame_image").asText().startsWith("data:image/png;base64,"));
        assertEquals(false, body.path("prompt_optimizer").asBoolean(true));
    }

    @Exercises("last-frame")
    @Test
    void aLastFrameGoesBesideTheFirstAsLastFrameImage() throws Exception {
        Path first = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        Path last = Files.write(work.resolve("last.png"), TestImages.png(16, 16));
        VideoTask task = task("waves", first, TaskControl.NONE);
        MiniMaxVideoGenerator minimax = new MiniMaxVideoGenerator(upstream(false));
        minimax.generate(provider(), new VideoTask(task.upstreamModel(), task.options(), task.version(), task.prompt(), task.width(),
                task.height(), task.durationSeconds(), first, null, task.params(), work, TaskControl.NONE, last));
        var body = fake.received().getFirst().json();
        assertTrue(body.path("first_frame_image").asText().startsWith("data:image/png;base64,"));
        assertEquals(io.mediagate.routing.providers.Shapes.dataUri(last), body.path("last_frame_image").asText(), "the last frame itself");
        assertTrue(minimax.takesLastFrame());
        VideoTask lastAlone = new VideoTask(task.upstreamModel(), task.options(), task.version(), task.prompt(), task.width(),
                task.height(), task.durationSeconds(), null, null, task.params(), work, TaskControl.NONE, last);
        assertEquals(FailureClass.REJECTED, assertThrows(ProviderException.class,
                () -> MiniMaxWire.request(lastAlone, null, "data:image/png;base64,AA")).failure(), "MiniMax needs the first frame with it");
    }

    @Test
    void sensitiveInputIsModeration() {
        fake.on("POST", "/v1/video_generation", request -> coded(1026, "input new_sensitive"));
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }

    @Test
    void noBalanceMakesTheProviderUnavailable() {
        fake.on("POST", "/v1/video_generation", request -> coded(1008, "insufficient balance"));
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }

    @Test
    void theNewerHttpErrorFormIsReadByItsBracketedCode() {
        fake.on("POST", "/v1/video_generation", request -> Reply.json(422, Map.of("type", "error", "error",
                Map.of("type", "unprocessable_entity_error", "message", "video description contains sensitive content (1026)",
                        "http_code", "422"))));
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }
}
