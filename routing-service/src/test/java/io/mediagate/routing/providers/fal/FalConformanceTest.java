package io.mediagate.routing.providers.fal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
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
import io.mediagate.routing.providers.conformance.SchemaRules;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** fal's queue against a fake speaking its wire format: Key auth, IN_QUEUE/IN_PROGRESS/COMPLETED, returned URLs. */
@Exercises(adapters = "fal", value = "image")
class FalConformanceTest extends AdapterConformance {
    FalConformanceTest() {
        super("fal", "image", true);
    }

    @Override
    protected String cancelCall() {
        return "PUT /fal-ai/flux/requests/";
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "queue.fal.run";
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return textToImage(upstream, provider, prompt, control);
    }

    /** A text-to-image call, for the checks of this provider's generation form (edit tests override {@link #generate}). */
    final List<String> textToImage(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new FalGenerator(upstream).generate(provider, new ImageTask("fal-ai/flux/dev", Map.of(), "1", prompt, 1024, 1024, 1,
                Map.of(), control)).stream().map(i -> i.mime()).toList();
    }

    private boolean authorized(FakeUpstream.Recorded request) {
        return ("Key " + secret()).equals(request.header("Authorization"));
    }

    private static final List<String> KONTEXT_RATIOS = List.of("21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21");

    private static final Reply UNAUTHORIZED = Reply.json(401, Map.of("detail", "No user found for Key ID and Secret"));

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/fal-ai/", request -> {
            if (!authorized(request)) {
                return UNAUTHORIZED;
            }
            Scenario scenario = Scenario.of(request.json().path("prompt").asText(untoldPrompt));
            // Every endpoint's input schema, as fal validates it: one error object per broken rule.
            var broken = SchemaRules.check("fal", request.path().substring(1), request.json());
            if (!broken.isEmpty()) {
                return Reply.json(422, Map.of("detail", broken.stream().map(v -> Map.of("loc", List.of("body", v.field()), "msg", v.message(),
                        "type", v.type())).toList()));
            }
            // FLUX Kontext's text-to-image endpoint takes one of these ratios, and no image_size (fal's reference).
            if (request.path().endsWith("/kontext/text-to-image")
                    && !KONTEXT_RATIOS.contains(request.json().path("aspect_ratio").asText("1:1"))) {
                return Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "aspect_ratio"),
                        "msg", "Input should be " + KONTEXT_RATIOS, "type", "enum"))));
            }
            return switch (scenario) {
                case RATE_LIMITED -> Reply.json(429, Map.of("detail", "Too many requests"));
                case SERVER_ERROR -> Reply.json(503, Map.of("detail", "Service Unavailable", "error_type", "runner_unavailable"))
                        .with("X-Fal-Error-Type", "runner_unavailable");
                case INVALID_INPUT -> Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "prompt"),
                        "msg", "String should have at most 2000 characters", "type", "string_too_long"))));
                case MALFORMED -> Reply.raw(200, "application/json", "{\"request_id\": ".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    job.facts.put("video", request.path().contains("video"));
                    // an upscaler or background remover answers one image, not a list
                    job.facts.put("single", request.path().contains("/topaz/") || request.path().contains("/bria/"));
                    // As fal does: the returned URLs drop the model's sub-path (/dev).
                    String at = fake.link() + "/fal-ai/flux/requests/" + job.id;
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("request_id", job.id);
                    body.put("gateway_request_id", job.id);
                    body.put("status", "IN_QUEUE");
                    body.put("queue_position", 2);
                    body.put("response_url", at);
                    body.put("status_url", at + "/status");
                    body.put("cancel_url", at + "/cancel");
                    yield Reply.json(200, body);
                }
            };
        });
        fake.on("GET", "/fal-ai/flux/requests/", request -> {
            if (!authorized(request)) {
                return UNAUTHORIZED;
            }
            String[] parts = request.path().split("/");
            var job = fake.jobs.get(parts[4]);
            if (request.path().endsWith("/status")) {
                int poll = job.polls.incrementAndGet();
                if (poll == 1) {
                    return Reply.json(202, Map.of("status", "IN_QUEUE", "queue_position", 0, "response_url", "x"));
                }
                if (poll == 2 || job.scenario == Scenario.NEVER_FINISHES) {
                    return Reply.json(202, Map.of("status", "IN_PROGRESS", "logs", List.of(Map.of("message", "step 3/28"))));
                }
                return Reply.json(200, Map.of("status", "COMPLETED", "metrics", Map.of("inference_time", 1.2)));
            }
            return switch (job.scenario) {
                case MODERATED -> Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "prompt"),
                        "msg", "The content could not be processed because it contained material flagged by a content checker.",
                        "type", "content_policy_violation"))));
                case JOB_FAILED -> Reply.json(500, Map.of("detail", "Internal error while running the model"));
                default -> (Boolean) job.facts.get("single")
                        ? Reply.json(200, Map.of("image", Map.of("url", fake.link() + "/files/" + job.id + ".png", "content_type", "image/png",
                                "file_name", job.id + ".png", "file_size", 4096)))
                        : (Boolean) job.facts.get("video")
                        ? Reply.json(200, Map.of("video", Map.of("url", fake.link() + "/files/" + job.id + ".mp4")))
                        : Reply.json(200, Map.of("images", List.of(Map.of("url", fake.link() + "/files/" + job.id + ".png",
                                "width", 1024, "height", 1024, "content_type", "image/png")), "seed", 123,
                                "has_nsfw_concepts", List.of(false)));
            };
        });
        fake.on("PUT", "/fal-ai/flux/requests/", request -> {
            fake.jobs.get(request.path().split("/")[4]).cancelled = true;
            return Reply.json(202, Map.of("status", "CANCELLATION_REQUESTED"));
        });
        fake.on("GET", "/files/", request -> request.path().endsWith(".mp4")
                ? Reply.raw(200, "video/mp4", Samples.mp4()) : Reply.raw(200, "image/jpeg", TestImages.png(8, 8)));
    }

    @Exercises("video")
    @Test
    void sendsTheInputAsFalNamesItAndVideosComeFromTheVideoField() {
        textToImage(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var submit = fake.received().getFirst();
        assertEquals("/fal-ai/flux/dev", submit.path());
        assertEquals(1024, submit.json().path("image_size").path("width").asInt());
        assertEquals(1, submit.json().path("num_images").asInt());
        var video = new FalGenerator(upstream(false)).generate(provider(), new VideoTask("fal-ai/video/kling", Map.of(), "1",
                "waves", 1280, 720, 5, null, null, Map.of(), work, TaskControl.NONE));
        assertEquals("video/mp4", video.mime());
        assertEquals("5", fake.received().stream().filter(r -> r.path().equals("/fal-ai/video/kling")).findFirst().orElseThrow()
                .json().path("duration").asText());
    }

    @Exercises("aspect_ratio=16:9")
    @Test
    void kontextFromTextAloneGoesToItsTextToImageEndpointAsAnAspectRatio() {
        var offer = ShippedOffers.offer("fal", "fal-ai/flux-pro/kontext/text-to-image");
        new FalGenerator(upstream(false)).generate(provider(), new ImageTask(offer.upstreamModel(), offer.options(), "1", "a harbour",
                1024, 576, 1, Map.of(), TaskControl.NONE));
        var submit = fake.received().getFirst();
        assertEquals("/fal-ai/flux-pro/kontext/text-to-image", submit.path());
        assertEquals("16:9", submit.json().path("aspect_ratio").asText(), "fal's Kontext takes a ratio, not a size");
        assertTrue(submit.json().path("image_size").isMissingNode());
        assertEquals(List.of(io.mediagate.common.values.Input.IMAGE), ShippedOffers.offer("fal", "fal-ai/flux-pro/kontext").inputs(),
                "the edit endpoint, which requires image_url, is offered for requests that bring an image only");
    }

    @Test
    void everySizeOfTheShippedKontextModelIsARatioFalsTextToImageTakes() {
        var offer = ShippedOffers.offer("fal", "fal-ai/flux-pro/kontext/text-to-image");
        for (String size : ShippedOffers.sizes("black-forest-labs/flux-kontext-pro")) {
            String[] wh = size.split("x");
            List<String> mimes = new FalGenerator(upstream(false)).generate(provider(), new ImageTask(offer.upstreamModel(),
                    offer.options(), "1", "a harbour", Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), 1, Map.of(), TaskControl.NONE))
                    .stream().map(i -> i.mime()).toList();
            assertEquals(1, mimes.size(), size + " is refused by fal");
        }
    }

    @Exercises({"duration", "aspect_ratio=16:9"})
    @Test
    void everyShippedVideoOfferIsSentWhatItsEndpointTakesInTheTypeItTakes() {
        for (String model : List.of("fal-ai/minimax/hailuo-02/standard/text-to-video", "fal-ai/kling-video/v2.5-turbo/pro/text-to-video")) {
            var offer = ShippedOffers.offer("fal", model);
            var video = new FalGenerator(upstream(false)).generate(provider(), new VideoTask(model, offer.options(), "1", "waves",
                    1280, 720, 7, null, null, Map.of(), work, TaskControl.NONE));
            assertEquals("video/mp4", video.mime(), model);
            var submit = fake.received().stream().filter(r -> r.path().equals("/" + model)).findFirst().orElseThrow().json();
            assertEquals("10", submit.path("duration").asText(), model + ": 7 s asked, the 10 s clip, as fal's string");
            assertTrue(submit.path("duration").isTextual(), model);
        }
        assertTrue(fake.received().stream().filter(r -> r.path().contains("hailuo")).findFirst().orElseThrow().json().path("aspect_ratio")
                .isMissingNode(), "Hailuo 02 on fal has no aspect ratio");
        assertEquals("16:9", fake.received().stream().filter(r -> r.path().contains("kling")).findFirst().orElseThrow().json()
                .path("aspect_ratio").asText(), "Kling on fal takes the shape");
    }

    @Test
    void theFakeRefusesWhatTheEndpointsSchemaRefuses() {
        var broken = io.mediagate.routing.providers.conformance.SchemaRules.check("fal", "fal-ai/minimax/hailuo-02/standard/text-to-video",
                new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("prompt", "waves").put("duration", 10));
        assertEquals(List.of("duration"), broken.stream().map(v -> v.field()).toList(), "fal does not turn 10 into \"10\"");
        ProviderException e = org.junit.jupiter.api.Assertions.assertThrows(ProviderException.class, () -> new FalGenerator(upstream(false))
                .generate(provider(), new ImageTask("fal-ai/flux-pro/kontext", Map.of(), "1", "a cat", 1024, 1024, 1, Map.of(), TaskControl.NONE)));
        assertTrue(e.getMessage().contains("image_url"), e.getMessage());
        assertTrue(fake.received().isEmpty(), "a text-only request never reaches the endpoint that needs an image");
    }
}
