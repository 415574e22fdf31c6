package io.mediagate.routing.providers.replicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Samples;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.conformance.SchemaRules;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Replicate against a fake speaking its wire format: Prefer: wait, urls.get/cancel, problem+json errors, output shapes. */
@Exercises(adapters = "replicate", value = "image")
class ReplicateConformanceTest extends AdapterConformance {
    ReplicateConformanceTest() {
        super("replicate", "image", true);
    }

    /** Replicate's answer for a model that does not exist: a 404 problem. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return problem(404, "Not found", "The requested resource could not be found.");
    }

    @Override
    protected String cancelCall() {
        return "/cancel";
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
        return "api.replicate.com";
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    @Override
    protected String basePath() {
        return "/v1";
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return textToImage(upstream, provider, prompt, control);
    }

    /** A text-to-image call, for the checks of this provider's generation form (edit tests override {@link #generate}). */
    final List<String> textToImage(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        var offer = ShippedOffers.offer("replicate", "black-forest-labs/flux-schnell");
        return new ReplicateGenerator(upstream).generate(provider, new ImageTask(offer.upstreamModel(), offer.options(), "1",
                prompt, 1024, 768, 2, Map.of("seed", 3), control)).stream().map(i -> i.mime()).toList();
    }

    private static Reply problem(int status, String title, String detail) {
        return new Reply(status, "application/problem+json", FakeUpstream.Reply.json(status,
                Map.of("title", title, "detail", detail, "status", status)).body(), Map.of());
    }

    private Map<String, Object> prediction(FakeUpstream.Job job, String status, Object output, String error, String logs) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", job.id);
        p.put("model", "black-forest-labs/flux-schnell");
        p.put("status", status);
        p.put("output", output);
        p.put("error", error);
        p.put("logs", logs);
        p.put("urls", Map.of("get", fake.link() + "/v1/predictions/" + job.id, "cancel", fake.link() + "/v1/predictions/" + job.id + "/cancel",
                "web", "https://replicate.com/p/" + job.id));
        return p;
    }

    @Override
    protected void play(FakeUpstream fake) {
        FakeUpstream.Handler create = request -> {
            if (!("Bearer " + secret()).equals(request.header("Authorization"))) {
                return problem(401, "Unauthenticated", "You did not pass a valid authentication token");
            }
            Scenario scenario = Scenario.of(request.json().path("input").path("prompt").asText());
            // Every model's input schema, as Replicate checks it before a prediction is created.
            if (request.path().startsWith("/v1/models/")) {
                String model = request.path().substring("/v1/models/".length(), request.path().length() - "/predictions".length());
                var broken = SchemaRules.check("replicate", model, request.json().path("input"));
                if (!broken.isEmpty()) {
                    return problem(422, "Input validation failed", String.join("\n", broken.stream()
                            .map(v -> "- input." + v.field() + ": " + v.message()).toList()));
                }
            }
            // Hailuo 02's schema: resolution 512p, 768p or 1080p (default 1080p); 10 s clips exist at 768p only.
            var input = request.json().path("input");
            if (request.path().endsWith("/models/minimax/hailuo-02/predictions") && input.path("duration").asInt(6) == 10
                    && input.path("resolution").asText("1080p").equals("1080p")) {
                return problem(422, "Input validation failed", "- input.duration: 10 seconds is only available for 768p resolution");
            }
            return switch (scenario) {
                case RATE_LIMITED -> problem(429, "Request was throttled", "Request was throttled. Expected available in 1 second.");
                case SERVER_ERROR -> problem(500, "Internal Server Error", "Internal server error");
                case INVALID_INPUT -> problem(422, "Input validation failed", "- input.width: Must be less than or equal to 1440");
                case MALFORMED -> Reply.raw(201, "text/html", "<html>oops</html>".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("input", request.json().path("input"));
                    job.facts.put("path", request.path());
                    yield Reply.json(201, prediction(job, "starting", null, null, ""));
                }
            };
        };
        fake.on("POST", "/v1/models/", create);
        fake.on("POST", "/v1/predictions/", request -> {
            var job = fake.jobs.get(request.path().split("/")[3]);
            job.cancelled = true;
            return Reply.json(200, prediction(job, "canceled", null, null, ""));
        });
        fake.on("POST", "/v1/predictions", create);
        fake.on("GET", "/v1/predictions/", request -> {
            if (!("Bearer " + secret()).equals(request.header("Authorization"))) {
                return problem(401, "Unauthenticated", "You did not pass a valid authentication token");
            }
            var job = fake.jobs.get(request.path().substring("/v1/predictions/".length()));
            int poll = job.polls.incrementAndGet();
            if (job.cancelled) {
                return Reply.json(200, prediction(job, "canceled", null, null, ""));
            }
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return Reply.json(200, prediction(job, "processing", null, null, "Using seed: 3\n " + (poll * 30) + "%|███ | 12/28"));
            }
            return switch (job.scenario) {
                case MODERATED -> Reply.json(200, prediction(job, "failed", null,
                        "NSFW content detected. Try running it again, or try a different prompt.", ""));
                case JOB_FAILED -> Reply.json(200, prediction(job, "failed", null, "CUDA out of memory", ""));
                // Video models (they take a duration) answer one file URL; image models a list.
                default -> Reply.json(200, prediction(job, "succeeded", ((JsonNode) job.facts.get("input"))
                        .has("duration") ? fake.link() + "/files/" + job.id + ".mp4"
                        : List.of(fake.link() + "/files/" + job.id + "-0.png", fake.link() + "/files/" + job.id + "-1.png"), null, "100%"));
            };
        });
        fake.on("GET", "/files/", request -> request.path().endsWith(".mp4")
                ? Reply.raw(200, "video/mp4", Samples.mp4()) : Reply.raw(200, "image/png", TestImages.png(16, 16)));
    }

    @Test
    void anOwnerNameModelGoesToItsModelEndpointWithTheInputs() {
        List<String> mimes = textToImage(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        assertEquals(List.of("image/png", "image/png"), mimes);
        var create = fake.received().getFirst();
        assertEquals("/v1/models/black-forest-labs/flux-schnell/predictions", create.path());
        assertEquals("wait", create.header("Prefer"));
        assertEquals("4:3", create.json().path("input").path("aspect_ratio").asText(), "FLUX schnell takes a ratio, no width");
        assertTrue(create.json().path("input").path("width").isMissingNode());
        assertEquals(2, create.json().path("input").path("num_outputs").asInt());
        assertEquals(3, create.json().path("input").path("seed").asInt());
    }

    @Exercises("video")
    @Test
    void aVersionedModelGoesToPredictionsAndAVideoOutputIsASingleUrl() {
        var task = new VideoTask("minimax/video-01:6c1e41b3", Map.of(), "1", "waves", 1280, 720, 6, null, null, Map.of(),
                work, TaskControl.NONE);
        var video = new ReplicateGenerator(upstream(false)).generate(provider(), task);
        assertEquals("video/mp4", video.mime());
        assertTrue(video.file().startsWith(work));
        var create = fake.received().getFirst();
        assertEquals("/v1/predictions", create.path());
        assertEquals("6c1e41b3", create.json().path("version").asText());
        assertEquals("16:9", create.json().path("input").path("aspect_ratio").asText());
        assertEquals(6, create.json().path("input").path("duration").asInt());
    }

    @Test
    void hailuo02IsAskedForThe768pItsOfferIsPricedForAndTenSecondsAreMadeThere() {
        var offer = ShippedOffers.offer("replicate", "minimax/hailuo-02");
        new ReplicateGenerator(upstream(false)).generate(provider(), new VideoTask(offer.upstreamModel(), offer.options(), "02",
                "waves", 1280, 720, 7, null, null, Map.of("prompt_optimizer", false), work, TaskControl.NONE));
        var input = fake.received().getFirst().json().path("input");
        assertEquals("768p", input.path("resolution").asText(), "left out, Replicate makes (and bills) 1080p");
        assertEquals(10, input.path("duration").asInt(), "7 s asked: a 10 s clip, which Hailuo 02 makes only at 768p");
        assertEquals(false, input.path("prompt_optimizer").asBoolean(true));
        assertTrue(input.path("input.resolution").isMissingNode() && input.path("imageField").isMissingNode(),
                "adapter options are not inputs");
    }

    @Test
    void aSizeWhoseRatioFlux11ProDoesNotListIsAskedAsCustomWidthAndHeight() {
        var offer = ShippedOffers.offer("replicate", "black-forest-labs/flux-1.1-pro");
        new ReplicateGenerator(upstream(false)).generate(provider(), new ImageTask(offer.upstreamModel(), offer.options(), "1",
                "a harbour", 1344, 768, 1, Map.of(), TaskControl.NONE));
        var input = fake.received().getFirst().json().path("input");
        assertEquals("custom", input.path("aspect_ratio").asText(), "7:4 is not one of its ratios");
        assertEquals(1344, input.path("width").asInt());
        assertEquals(768, input.path("height").asInt());
        new ReplicateGenerator(upstream(false)).generate(provider(), new ImageTask(offer.upstreamModel(), offer.options(), "1",
                "a harbour", 1024, 576, 1, Map.of(), TaskControl.NONE));
        var listed = fake.received().stream().filter(r -> r.method().equals("POST")).reduce((a, b) -> b).orElseThrow().json().path("input");
        assertEquals("16:9", listed.path("aspect_ratio").asText());
        assertTrue(listed.path("width").isMissingNode());
    }
}
