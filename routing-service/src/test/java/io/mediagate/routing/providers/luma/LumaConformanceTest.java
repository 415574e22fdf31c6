package io.mediagate.routing.providers.luma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Luma Dream Machine against a fake speaking its wire format: Bearer key, a generation object with
 * {@code state} queued/dreaming/completed/failed and {@code failure_reason}, {@code {"detail"}} errors,
 * DELETE to cancel.
 */
@Exercises(adapters = "luma", value = "video")
class LumaConformanceTest extends AdapterConformance {
    LumaConformanceTest() {
        super("luma", "video", true);
    }

    @Override
    protected String cancelCall() {
        return "DELETE /dream-machine/v1/generations/";
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "storage.cdn-luma.com";
    }

    @Override
    protected String basePath() {
        return "/dream-machine/v1";
    }

    private VideoTask task(String prompt, Path image) {
        return new VideoTask("ray-2", ShippedOffers.offer("luma", "ray-2").options(), "1", prompt, 1920, 1080, 7, image, null, Map.of("loop", true), work, TaskControl.NONE);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        VideoTask task = new VideoTask("ray-2", ShippedOffers.offer("luma", "ray-2").options(), "1", prompt, 1280, 720, 5, null, null, Map.of(), work, control);
        return List.of(new LumaVideoGenerator(upstream).generate(provider, task).mime());
    }

    private Map<String, Object> generation(FakeUpstream.Job job, String state, String failure) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("id", "d1f6a2c4-" + job.id);
        g.put("generation_type", "video");
        g.put("state", state);
        g.put("failure_reason", failure);
        g.put("created_at", "2026-11-22T10:00:00.000Z");
        Map<String, Object> assets = new LinkedHashMap<>();
        assets.put("video", "completed".equals(state) ? fake.link() + "/cdn/" + job.id + ".mp4" : null);
        assets.put("image", null);
        g.put("assets", assets);
        g.put("model", "ray-2");
        g.put("request", job.facts.get("body"));
        return g;
    }

    private boolean authorised(FakeUpstream.Recorded request) {
        return ("Bearer " + secret()).equals(request.header("Authorization"));
    }

    private FakeUpstream.Job job(FakeUpstream.Recorded request) {
        String id = request.path().substring(request.path().lastIndexOf('/') + 1);
        return fake.jobs.get(id.substring(id.indexOf('-') + 1));
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/dream-machine/v1/generations/video", request -> {
            if (!authorised(request)) {
                return Reply.json(401, Map.of("detail", "Invalid API key"));
            }
            Scenario scenario = Scenario.of(request.json().path("prompt").asText());
            return switch (scenario) {
                case RATE_LIMITED -> Reply.json(429, Map.of("detail", "Too many requests, rate limit exceeded"));
                case SERVER_ERROR -> Reply.json(500, Map.of("detail", "Internal server error"));
                case INVALID_INPUT -> Reply.json(400, Map.of("detail", "Invalid request: duration must be one of 5s, 9s"));
                case MALFORMED -> Reply.raw(201, "text/plain", "created".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("body", request.json());
                    yield Reply.json(201, generation(job, "queued", null));
                }
            };
        });
        fake.on("DELETE", "/dream-machine/v1/generations/", request -> {
            job(request).cancelled = true;
            return Reply.raw(204, null, new byte[0]);
        });
        fake.on("GET", "/dream-machine/v1/generations/", request -> {
            if (!authorised(request)) {
                return Reply.json(401, Map.of("detail", "Invalid API key"));
            }
            var job = job(request);
            if (job.cancelled) {
                return Reply.json(404, Map.of("detail", "Generation not found"));
            }
            int poll = job.polls.incrementAndGet();
            if (poll == 1) {
                return Reply.json(200, generation(job, "queued", null));
            }
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return Reply.json(200, generation(job, "dreaming", null));
            }
            return Reply.json(200, switch (job.scenario) {
                case MODERATED -> generation(job, "failed", "400: prompt not allowed because advanced moderation failed");
                case JOB_FAILED -> generation(job, "failed", "Job failed");
                default -> generation(job, "completed", null);
            });
        });
        fake.on("GET", "/cdn/", request -> Reply.raw(200, "video/mp4", Samples.mp4()));
    }

    @Exercises({"aspect_ratio=16:9", "duration"})
    @Test
    void theRequestCarriesModelAspectResolutionAndTheNextAllowedDuration() {
        new LumaVideoGenerator(upstream(false)).generate(provider(), task("waves", null));
        var body = fake.received().getFirst().json();
        assertEquals("ray-2", body.path("model").asText());
        assertEquals("16:9", body.path("aspect_ratio").asText());
        assertEquals("1080p", body.path("resolution").asText());
        assertEquals("9s", body.path("duration").asText(), "7 s asked; Luma makes 5 s or 9 s");
        assertEquals(ShippedOffers.offer("luma", "ray-2").secondsFor(7) + "s", body.path("duration").asText(),
                "the clip asked for is the one the request is charged for");
        assertTrue(body.path("loop").asBoolean());
    }

    /** Luma's other ratios (lumalabs/lumaai-node: 16:9, 9:16, 1:1, 4:3, 3:4, 21:9, 9:21), each from its frame; 4:5 is not one. */
    @Exercises({"aspect_ratio=9:16", "aspect_ratio=1:1", "aspect_ratio=21:9"})
    @Test
    void aPortraitSquareOrWideFrameIsAskedForAsLumasRatioAtItsShortSidesResolution() {
        var luma = new LumaVideoGenerator(upstream(false));
        for (int[] frame : new int[][] {{720, 1280}, {720, 720}, {1680, 720}}) {
            luma.generate(provider(), new VideoTask("ray-2", ShippedOffers.offer("luma", "ray-2").options(), "1", "waves", frame[0], frame[1], 5,
                    null, null, Map.of(), work, TaskControl.NONE));
        }
        List<String> asked = fake.received().stream().filter(r -> r.method().equals("POST")).map(r -> r.json().path("aspect_ratio").asText()
                + "@" + r.json().path("resolution").asText()).toList();
        assertEquals(List.of("9:16@720p", "1:1@720p", "21:9@720p"), asked);
        assertTrue(luma.makes("9:21") && !luma.makes("4:5"));
    }

    @Test
    void anInputImageIsRefusedBeforeAnythingIsSent() throws Exception {
        Path image = Files.write(work.resolve("a.png"), new byte[] {1});
        ProviderException e = assertThrows(ProviderException.class,
                () -> new LumaVideoGenerator(upstream(false)).generate(provider(), task("waves", image)));
        assertTrue(e.getMessage().contains("inputs: [text]"), e.getMessage());
        assertTrue(fake.received().isEmpty());
    }
}
