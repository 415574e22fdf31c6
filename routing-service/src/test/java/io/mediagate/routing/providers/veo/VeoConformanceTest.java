package io.mediagate.routing.providers.veo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.OfferSpec;
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
import io.mediagate.routing.providers.gemini.GoogleFake;
import io.mediagate.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Veo through the Gemini API against a fake speaking its wire format: {@code x-goog-api-key},
 * {@code :predictLongRunning} → operation, {@code done}/{@code response}/{@code error}, safety-filtered
 * samples, Google's error JSON (an invalid key is a 400 with reason {@code API_KEY_INVALID}), and the
 * download URI served only with the key. The Gemini API serves no Veo model any more ({@code @google/genai} 3.1.0,
 * 2026-11-10, refuses {@code generateVideos} there: Agent Platform only), so the fake answers every Veo id Google had
 * there with its 404 {@code NOT_FOUND}, and a shipped offer naming one fails here; the adapter's wire is kept tested on a
 * stand-in id that is no model of Google's.
 */
@Exercises(adapters = "veo", value = "video")
class VeoConformanceTest extends AdapterConformance {
    /** Not a Google model: the one id the fake still serves, so that the adapter's wire stays tested. */
    private static final String MODEL = "veo-wire-stand-in";
    /** The Veo ids the Gemini API served (the 3.1 previews until the SDK's 3.1.0, 3.0 and 2.0 until 2026-06-30). */
    static final List<String> GONE = List.of("veo-3.1-generate-preview", "veo-3.1-fast-generate-preview", "veo-3.1-lite-generate-preview",
            "veo-3.0-generate-001", "veo-3.0-fast-generate-001", "veo-2.0-generate-001");
    private static final Map<String, String> OPTIONS = Map.of("durations", "4,6,8");

    VeoConformanceTest() {
        super("veo", "video", true);
    }

    /** The Gemini API's answer for a model it no longer serves: 404 {@code NOT_FOUND}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("error", java.util.Map.of("code", 404, "message",
                "models/veo-2.0-generate-001 is not found for API version v1beta, or is not supported for predictLongRunning.",
                "status", "NOT_FOUND")));
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "generativelanguage.googleapis.com";
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    @Override
    protected String basePath() {
        return "/v1beta";
    }

    private VideoTask task(String prompt, Path image, TaskControl control) {
        return task(MODEL, OPTIONS, prompt, image, control);
    }

    private VideoTask task(String model, Map<String, String> options, String prompt, Path image, TaskControl control) {
        return new VideoTask(model, options, "1", prompt, 1920, 1080, 5, image, null, Map.of("negativePrompt", "blur"), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(new VeoVideoGenerator(upstream).generate(provider, task(prompt, null, control)).mime());
    }

    private static Reply googleError(int code, String status, String message, List<Map<String, Object>> details) {
        return GoogleFake.error(code, status, message, details);
    }

    private Reply badKey(FakeUpstream.Recorded request) {
        return GoogleFake.badKey(request, secret());
    }

    private Map<String, Object> operation(FakeUpstream.Job job, Map<String, Object> outcome) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("name", "models/" + MODEL + "/operations/" + job.id);
        if (outcome != null) {
            op.put("done", true);
            op.putAll(outcome);
        }
        return op;
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1beta/models/", request -> {
            Reply refused = badKey(request);
            if (refused != null) {
                return refused;
            }
            if (!request.path().endsWith(":predictLongRunning")) {
                return googleError(404, "NOT_FOUND", "Method not found.", List.of());
            }
            String model = request.path().substring("/v1beta/models/".length(), request.path().length() - ":predictLongRunning".length());
            if (!MODEL.equals(model)) {
                return googleError(404, "NOT_FOUND", "models/" + model + " is not found for API version v1beta, or is not supported for "
                        + "predictLongRunning.", List.of());
            }
            Scenario scenario = Scenario.of(request.json().path("instances").path(0).path("prompt").asText());
            return switch (scenario) {
                case RATE_LIMITED -> GoogleFake.quota();
                case SERVER_ERROR -> googleError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.", List.of());
                case INVALID_INPUT -> googleError(400, "INVALID_ARGUMENT",
                        "The number value for `durationSeconds` is out of bound. Please provide a value between 4 and 8, inclusive.",
                        List.of());
                case MALFORMED -> Reply.raw(200, "text/html", "<!DOCTYPE html><title>Error 502</title>".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("body", request.json());
                    yield Reply.json(200, operation(job, null));
                }
            };
        });
        fake.on("GET", "/v1beta/models/", request -> {
            Reply refused = badKey(request);
            if (refused != null) {
                return refused;
            }
            var job = fake.jobs.get(request.path().substring(request.path().lastIndexOf('/') + 1));
            int poll = job.polls.incrementAndGet();
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return Reply.json(200, operation(job, null));
            }
            return Reply.json(200, operation(job, switch (job.scenario) {
                case MODERATED -> Map.of("response", Map.of("@type",
                        "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse",
                        "generateVideoResponse", Map.of("raiMediaFilteredCount", 1, "raiMediaFilteredReasons",
                                List.of("We encountered an issue with the audio for your prompt."))));
                case JOB_FAILED -> Map.of("error", Map.of("code", 13, "message", "Internal error encountered."));
                default -> Map.of("response", Map.of("generateVideoResponse", Map.of("generatedSamples",
                        List.of(Map.of("video", Map.of("uri", fake.link() + "/v1beta/files/" + job.id + ":download?alt=media"))))));
            }));
        });
        fake.on("GET", "/v1beta/files/", request -> {
            Reply refused = badKey(request);
            return refused != null ? refused : Reply.raw(200, "video/mp4", Samples.mp4());
        });
    }

    @Exercises({"first-frame", "duration"})
    @Test
    void theRequestCarriesTheImageInlineTheResolutionAndTheNextAllowedDuration() throws Exception {
        Path image = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        new VeoVideoGenerator(upstream(false)).generate(provider(), task("waves", image, TaskControl.NONE));
        var create = fake.received().getFirst();
        assertEquals("/v1beta/models/" + MODEL + ":predictLongRunning", create.path());
        var body = create.json();
        assertEquals("image/png", body.path("instances").path(0).path("image").path("mimeType").asText());
        assertTrue(body.path("instances").path(0).path("image").path("bytesBase64Encoded").asText().length() > 10);
        assertEquals("1080p", body.path("parameters").path("resolution").asText());
        assertEquals(6, body.path("parameters").path("durationSeconds").asInt(), "5 s asked; Veo makes 4, 6 or 8");
        assertEquals(OfferSpec.secondsFor(OfferSpec.lengths(OPTIONS.get("durations")), 5), body.path("parameters").path("durationSeconds").asInt(),
                "the clip asked for is the one the request is charged for");
        assertEquals("blur", body.path("parameters").path("negativePrompt").asText());
        assertTrue(fake.received().getLast().path().endsWith(":download"), "the video was downloaded with the key");
    }

    @Test
    void theVeoIdsTheGeminiApiServedAreGoneAndAskedOnce() {
        for (String model : GONE) {
            int before = fake.received().size();
            ProviderException e = assertThrows(ProviderException.class,
                    () -> new VeoVideoGenerator(upstream(false)).generate(provider(), task(model, OPTIONS, "waves", null, TaskControl.NONE)));
            assertEquals(FailureClass.GONE, e.failure(), model + ": " + e.getMessage());
            assertEquals(before + 1, fake.received().size(), model);
        }
    }

    @Test
    void everyShippedVeoOfferIsAModelTheGeminiApiServes() {
        for (ShippedOffers.Shipped shipped : ShippedOffers.ofAdapter("veo")) {
            String model = shipped.offer().upstreamModel();
            assertEquals("video/mp4", new VeoVideoGenerator(upstream(false)).generate(provider(),
                    task(model, shipped.offer().options(), "waves", null, TaskControl.NONE)).mime(), shipped.modelId() + " offers " + model);
        }
    }

    @Test
    void quotaRetryDelayIsKept() {
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "sea " + Scenario.RATE_LIMITED.marker(), TaskControl.NONE));
        assertEquals(Duration.ofSeconds(23), e.retryAfter().orElseThrow());
    }

    @Test
    void aDownloadUriOnAnotherHostNeverGetsTheKey() {
        for (String uri : List.of("https://evil.example/steal", "https://storage.googleapis.com/steal",
                "https://attacker.googleapis.com/v1beta/files/x:download")) {
            fake.on("GET", "/v1beta/models/", request -> Reply.json(200, Map.of("name", "models/x/operations/o1", "done", true,
                    "response", Map.of("generateVideoResponse", Map.of("generatedSamples",
                            List.of(Map.of("video", Map.of("uri", uri))))))));
            ProviderException e = assertThrows(ProviderException.class,
                    () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
            assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
            assertTrue(e.getMessage().contains("not one of its hosts for our key"), e.getMessage());
        }
    }

    @Test
    void aProjectWithoutBillingMakesTheProviderUnavailable() {
        fake.on("POST", "/v1beta/models/", request -> googleError(400, "FAILED_PRECONDITION",
                "User location is not supported for the API use.", List.of()));
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
    }
}
