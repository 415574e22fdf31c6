package io.mediagate.routing.providers.vidu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Vidu against a fake speaking its wire format: {@code Authorization: Token <key>}, errors as
 * {@code {code, reason, message, metadata}}, tasks through created/queueing/processing to success or failed with
 * an {@code err_code}, and the cancel call.
 */
@Exercises(adapters = "vidu", value = "video")
class ViduConformanceTest extends AdapterConformance {
    ViduConformanceTest() {
        super("vidu", "video", true);
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String cancelCall() {
        return "/cancel";
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    private VideoTask task(String prompt, Path image, TaskControl control) {
        return new VideoTask("viduq1", Map.of("durations", "5"), "q1", prompt, 1920, 1080, 4, image, null,
                Map.of("movement_amplitude", "small"), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(new ViduVideoGenerator(upstream).generate(provider, task(prompt, null, control)).mime());
    }

    private static Reply error(int status, String reason, String message) {
        return Reply.json(status, Map.of("code", status, "reason", reason, "message", message,
                "metadata", Map.of("trace_id", "04e5c2fe159ff7c574acd0424e78c35f")));
    }

    private Reply refused(FakeUpstream.Recorded request) {
        return ("Token " + secret()).equals(request.header("Authorization")) ? null : error(401, "Unauthorized", "unauthorized");
    }

    private Reply create(FakeUpstream fake, FakeUpstream.Recorded request) {
        Reply refused = refused(request);
        if (refused != null) {
            return refused;
        }
        JsonNode body = request.json();
        Scenario scenario = Scenario.of(body.path("prompt").asText());
        return switch (scenario) {
            case RATE_LIMITED -> error(429, "TooManyRequests", "too many requests").with("Retry-After", "7");
            case SERVER_ERROR -> error(500, "InternalServiceFailure", "internal service failure");
            case INVALID_INPUT -> error(400, "FieldInvalid", "invalid field: duration");
            case MODERATED -> error(400, "TaskPromptPolicyViolation", "prompt policy violation");
            case MALFORMED -> Reply.raw(200, "text/html", "<html>edge</html>".getBytes(StandardCharsets.UTF_8));
            default -> {
                var job = fake.newJob(scenario);
                Map<String, Object> answer = new LinkedHashMap<>();
                answer.put("task_id", job.id);
                answer.put("state", "created");
                answer.put("model", body.path("model").asText());
                answer.put("prompt", body.path("prompt").asText());
                answer.put("duration", body.path("duration").asInt());
                answer.put("seed", 123456789);
                answer.put("resolution", body.path("resolution").asText());
                answer.put("credits", 4);
                answer.put("created_at", "2026-11-25T15:41:31.968916Z");
                yield Reply.json(200, answer);
            }
        };
    }

    private Reply creations(FakeUpstream fake, FakeUpstream.Recorded request) {
        Reply refused = refused(request);
        if (refused != null) {
            return refused;
        }
        String id = request.path().split("/")[4];
        var job = fake.jobs.get(id);
        if (job == null) {
            return error(404, "TaskNotFound", "task not found");
        }
        int poll = job.polls.incrementAndGet();
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("id", id);
        state.put("err_code", "");
        state.put("credits", 4);
        state.put("payload", "");
        state.put("creations", List.of());
        if (job.cancelled) {
            state.put("state", "failed");
            state.put("err_code", "UserCancelled");
        } else if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
            state.put("state", poll == 1 ? "queueing" : "processing");
        } else if (job.scenario == Scenario.JOB_FAILED) {
            state.put("state", "failed");
            state.put("err_code", "InternalServiceFailure");
        } else {
            state.put("state", "success");
            state.put("creations", List.of(Map.of("id", "c-" + id, "url", fake.link() + "/cdn/" + id + ".mp4",
                    "cover_url", fake.link() + "/cdn/" + id + ".jpg")));
        }
        return Reply.json(200, state);
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/ent/v2/text2video", request -> create(fake, request));
        fake.on("POST", "/ent/v2/img2video", request -> create(fake, request));
        // platform.vidu.com/docs/start-end-to-video: images, the start frame then the end frame, both required
        fake.on("POST", "/ent/v2/start-end2video", request -> request.json().path("images").size() == 2 ? create(fake, request)
                : error(400, "FieldInvalid", "invalid field: images"));
        fake.on("GET", "/ent/v2/tasks/", request -> creations(fake, request));
        fake.on("POST", "/ent/v2/tasks/", request -> {
            Reply refused = refused(request);
            if (refused != null) {
                return refused;
            }
            var job = fake.jobs.get(request.json().path("id").asText());
            if (job == null || !request.path().equals("/ent/v2/tasks/" + job.id + "/cancel")) {
                return error(404, "TaskNotFound", "task not found");
            }
            job.cancelled = true;
            return Reply.json(200, Map.of());
        });
        fake.on("GET", "/cdn/", request -> Reply.raw(200, "video/mp4", Samples.mp4()));
    }

    @Exercises({"aspect_ratio=16:9", "duration"})
    @Test
    void textToVideoAsksForTheOffersLengthTheResolutionAndTheNearestRatio() {
        new ViduVideoGenerator(upstream(false)).generate(provider(), task("waves", null, TaskControl.NONE));
        var created = fake.received().getFirst();
        assertEquals("/ent/v2/text2video", created.path());
        JsonNode body = created.json();
        assertEquals("viduq1", body.path("model").asText());
        assertEquals(5, body.path("duration").asInt(), "4 s asked, Vidu Q1 makes 5");
        assertEquals("1080p", body.path("resolution").asText());
        assertEquals("16:9", body.path("aspect_ratio").asText());
        assertEquals("small", body.path("movement_amplitude").asText());
    }

    @Exercises("aspect_ratio=9:16")
    @Test
    void aPortraitFrameIsAskedForAs916AtTheResolutionOfItsShortSide() {
        VideoTask portrait = new VideoTask("viduq1", Map.of("durations", "5"), "q1", "waves", 1080, 1920, 5, null, null, Map.of(), work,
                TaskControl.NONE);
        ViduWire.Request body = ViduWire.request(portrait, null);
        assertEquals("9:16", body.aspectRatio());
        assertEquals("1080p", body.resolution(), "the short side, not the height");
        VideoTask wide = new VideoTask("viduq1", Map.of("durations", "5"), "q1", "waves", 2520, 1080, 5, null, null, Map.of(), work,
                TaskControl.NONE);
        assertEquals(FailureClass.REJECTED, assertThrows(ProviderException.class, () -> ViduWire.request(wide, null)).failure(),
                "21:9 is not Vidu's: the next offer is tried");
    }

    @Exercises("last-frame")
    @Test
    void aFirstAndALastFrameGoToStartEndToVideoInThatOrder() throws Exception {
        Path first = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        Path last = Files.write(work.resolve("last.png"), TestImages.png(16, 16));
        VideoTask task = task("waves", first, TaskControl.NONE);
        ViduVideoGenerator vidu = new ViduVideoGenerator(upstream(false));
        vidu.generate(provider(), new VideoTask(task.upstreamModel(), task.options(), task.version(), task.prompt(), task.width(),
                task.height(), task.durationSeconds(), first, null, task.params(), work, TaskControl.NONE, last));
        var created = fake.received().getFirst();
        assertEquals("/ent/v2/start-end2video", created.path());
        assertEquals(io.mediagate.routing.providers.Shapes.dataUri(first), created.json().path("images").get(0).asText());
        assertEquals(io.mediagate.routing.providers.Shapes.dataUri(last), created.json().path("images").get(1).asText());
        assertFalse(created.json().has("aspect_ratio"), "the frames set the shape");
        assertTrue(vidu.takesLastFrame());
    }

    @Exercises("first-frame")
    @Test
    void aFirstFrameGoesToImageToVideoAsADataUri() throws Exception {
        Path image = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        new ViduVideoGenerator(upstream(false)).generate(provider(), task("waves", image, TaskControl.NONE));
        var created = fake.received().getFirst();
        assertEquals("/ent/v2/img2video", created.path());
        assertTrue(created.json().path("images").get(0).asText().startsWith("data:image/png;base64,"));
        assertFalse(created.json().has("aspect_ratio"));
    }

    @Test
    void aGeneratedVideoRefusedByPolicyIsModeration() {
        fake.on("GET", "/ent/v2/tasks/", request -> Reply.json(200, Map.of("id", "job1", "state", "failed",
                "err_code", "CreationPolicyViolation", "creations", List.of())));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }

    @Test
    void noCreditsMakeTheProviderUnavailable() {
        fake.on("POST", "/ent/v2/text2video", request -> error(400, "CreditInsufficient", "insufficient credits"));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.QUOTA, e.failure());
    }

    @Test
    void anOverConcurrencyAnswerIsARateLimit() {
        fake.on("POST", "/ent/v2/text2video", request -> error(429, "QuotaExceeded", "quota exceeded"));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(FailureClass.RATE_LIMITED, e.failure());
    }
}
