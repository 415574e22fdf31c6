package io.mediagate.routing.providers.runway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.Poller;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Runway against a fake speaking its wire format: Bearer key plus {@code X-Runway-Version}, a task id,
 * PENDING/THROTTLED/RUNNING (progress 0..1)/SUCCEEDED/FAILED (failureCode) states, DELETE to cancel.
 */
@Exercises(adapters = "runway", value = "video")
class RunwayConformanceTest extends AdapterConformance {
    RunwayConformanceTest() {
        super("runway", "video", true);
    }

    @Override
    protected String cancelCall() {
        return "DELETE /v1/tasks/";
    }

    @Override
    protected boolean reportsProgress() {
        return true;
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "dnznrvs05pmza.cloudfront.net";
    }

    private VideoTask task(String prompt, Path image, TaskControl control) {
        return new VideoTask("gen4_turbo", Map.of("durations", "5,10"), "1", prompt, 1280, 720, 4, image, null, Map.of("seed", 11), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(new RunwayVideoGenerator(upstream, Duration.ofMillis(20)).generate(provider, task(prompt, null, control)).mime());
    }

    private static Reply error(int status, String message) {
        return Reply.json(status, Map.of("error", message));
    }

    private boolean authorised(FakeUpstream.Recorded request) {
        return ("Bearer " + secret()).equals(request.header("Authorization"));
    }

    @Override
    protected void play(FakeUpstream fake) {
        FakeUpstream.Handler create = request -> {
            if (!"2024-11-06".equals(request.header("X-Runway-Version"))) {
                return error(400, "Missing or invalid X-Runway-Version header");
            }
            if (!authorised(request)) {
                return error(401, "Invalid API key");
            }
            // The ratios of the reference's enumerations (runwayml/sdk-python 5.13.0): text-to-video's, image-to-video's.
            List<String> ratios = request.path().equals("/v1/text_to_video") ? List.of("1280:720", "720:1280", "1920:1080", "1080:1920")
                    : List.of("1280:720", "720:1280", "1920:1080", "1080:1920", "1104:832", "832:1104", "960:960", "1584:672");
            if (!ratios.contains(request.json().path("ratio").asText())) {
                return Reply.json(400, Map.of("error", "Validation of body failed", "issues",
                        List.of(Map.of("path", List.of("ratio"), "message", "Invalid enum value"))));
            }
            Scenario scenario = Scenario.of(request.json().path("promptText").asText());
            return switch (scenario) {
                case RATE_LIMITED -> error(429, "You have exceeded the rate limit");
                case SERVER_ERROR -> error(502, "Bad gateway");
                case INVALID_INPUT -> Reply.json(400, Map.of("error", "Validation of body failed", "issues",
                        List.of(Map.of("path", List.of("promptText"), "message", "String must contain at most 1000 character(s)"))));
                case MALFORMED -> Reply.raw(200, "text/html", "<html>maintenance</html>".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("body", request.json());
                    yield Reply.json(200, Map.of("id", "3f1e2d4c-" + job.id));
                }
            };
        };
        fake.on("POST", "/v1/text_to_video", create);
        fake.on("POST", "/v1/image_to_video", create);
        fake.on("DELETE", "/v1/tasks/", request -> {
            fake.jobs.get(request.path().substring(request.path().indexOf('-') + 1)).cancelled = true;
            return Reply.raw(204, null, new byte[0]);
        });
        fake.on("GET", "/v1/tasks/", request -> {
            if (!authorised(request)) {
                return error(401, "Invalid API key");
            }
            String id = request.path().substring("/v1/tasks/".length());
            var job = fake.jobs.get(id.substring(id.indexOf('-') + 1));
            int poll = job.polls.incrementAndGet();
            Map<String, Object> task = new LinkedHashMap<>();
            task.put("id", id);
            task.put("createdAt", "2026-11-22T10:00:00.000Z");
            if (job.cancelled) {
                task.put("status", "CANCELLED");
            } else if (poll == 1) {
                task.put("status", "THROTTLED");
            } else if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                task.put("status", "RUNNING");
                task.put("progress", 0.4);
            } else {
                switch (job.scenario) {
                    case MODERATED -> {
                        task.put("status", "FAILED");
                        task.put("failure", "Your prompt did not pass our content moderation.");
                        task.put("failureCode", "SAFETY.INPUT.TEXT");
                    }
                    case JOB_FAILED -> {
                        task.put("status", "FAILED");
                        task.put("failure", "An unexpected error occurred.");
                        task.put("failureCode", "INTERNAL.BAD_OUTPUT.CODE01");
                    }
                    default -> {
                        task.put("status", "SUCCEEDED");
                        task.put("output", List.of(fake.link() + "/outputs/" + job.id + ".mp4?_jwt=signed"));
                    }
                }
            }
            return Reply.json(200, task);
        });
        fake.on("GET", "/outputs/", request -> Reply.raw(200, "video/mp4", Samples.mp4()));
    }

    @Exercises({"aspect_ratio=16:9", "duration"})
    @Test
    void textGoesToTextToVideoWithTheRatioAndTheNextAllowedDuration() {
        generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var create = fake.received().getFirst();
        assertEquals("/v1/text_to_video", create.path());
        assertEquals("gen4_turbo", create.json().path("model").asText());
        assertEquals("1280:720", create.json().path("ratio").asText());
        assertEquals(5, create.json().path("duration").asInt(), "4 s asked; Runway makes 5 or 10");
        assertEquals(11, create.json().path("seed").asInt());
        assertTrue(fake.received().stream().filter(r -> r.path().startsWith("/v1/"))
                .allMatch(r -> "2024-11-06".equals(r.header("X-Runway-Version"))), "every API call names the version");
    }

    private com.fasterxml.jackson.databind.JsonNode made(int width, int height, Path image) {
        new RunwayVideoGenerator(upstream(false), Duration.ofMillis(20)).generate(provider(),
                new VideoTask("gen4.5", Map.of("durations", "5,10"), "1", "waves", width, height, 5, image, null, Map.of(), work, TaskControl.NONE));
        return fake.received().getFirst().json();
    }

    @Exercises("aspect_ratio=9:16")
    @Test
    void aPortraitFrameIsAskedForAsRunwaysPortraitRatio() {
        assertEquals("720:1280", made(720, 1280, null).path("ratio").asText());
    }

    @Exercises("aspect_ratio=1:1")
    @Test
    void aSquareFrameFromAnImageIsRunwaysSquareRatio() throws Exception {
        Path image = work.resolve("first.png");
        Files.write(image, TestImages.png(8, 8));
        assertEquals("960:960", made(720, 720, image).path("ratio").asText());
    }

    @Test
    void aSquareFrameFromTextIsNotAskedForAtAllTheOfferIsPassedOver() {
        var refused = assertThrows(ProviderException.class, () -> made(720, 720, null));
        assertEquals(FailureClass.REJECTED, refused.failure(), "the next offer is tried; never made landscape");
        assertTrue(fake.received().stream().noneMatch(r -> r.path().startsWith("/v1/text_to_video")), "no call is made");
        RunwayVideoGenerator runway = new RunwayVideoGenerator(null, Duration.ZERO);
        assertTrue(runway.makes("9:16") && runway.makes("1:1") && !runway.makes("4:5"));
    }

    @Exercises("first-frame")
    @Test
    void anImageGoesInlineToImageToVideo() throws Exception {
        Path image = work.resolve("first.png");
        Files.write(image, TestImages.png(8, 8));
        new RunwayVideoGenerator(upstream(false), Duration.ofMillis(20)).generate(provider(), task("waves", image, TaskControl.NONE));
        var create = fake.received().getFirst();
        assertEquals("/v1/image_to_video", create.path());
        assertTrue(create.json().path("promptImage").asText().startsWith("data:image/png;base64,"));
    }

    @Test
    void aBadRequestAboutCreditsIsTheAccountsNotTheCallers() {
        fake.on("POST", "/v1/text_to_video", request -> error(400, "You do not have enough credits to run this task."));
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }

    @Test
    void pollsNoFasterThanTheFloor() {
        List<Duration> waits = new CopyOnWriteArrayList<>();
        Poller poller = new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofMinutes(1)),
                Clock.systemUTC(), waits::add);
        Upstream upstream = new Upstream(new ObjectMapper(), poller, new SafeFetch(true, Duration.ofSeconds(10)),
                Duration.ofSeconds(2), Clock.systemUTC());
        new RunwayVideoGenerator(upstream, Duration.ofSeconds(5)).generate(provider(), task("waves", null, TaskControl.NONE));
        assertEquals(2, waits.size(), "three polls");
        waits.forEach(w -> assertTrue(w.compareTo(Duration.ofSeconds(5)) >= 0, "waited " + w));
    }

    @Test
    void aModeratedTaskIsBilledAsRunwayBillsItAndOtherFailuresAreNot() {
        ProviderException moderated = RunwayWire.failed(provider(), "SAFETY.INPUT.TEXT");
        assertEquals(io.mediagate.common.events.FailureClass.MODERATION, moderated.failure());
        assertTrue(moderated.isCharged(), "moderated generations have the same credit cost as successful ones");
        assertTrue(RunwayWire.failed(provider(), "INPUT_PREPROCESSING.SAFETY.TEXT").isCharged());
        assertFalse(RunwayWire.failed(provider(), "INTERNAL.BAD_OUTPUT.CODE01").isCharged());
    }
}
