package io.mediagate.routing.providers.bfl;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BFL against a fake speaking its wire format: x-key, submit → polling_url, Pending/Ready/moderation states. */
@Exercises(adapters = "bfl", value = "image")
class BflConformanceTest extends AdapterConformance {
    BflConformanceTest() {
        super("bfl", "image", true);
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
        return "api.bfl.ai";
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return textToImage(upstream, provider, prompt, control);
    }

    /** A text-to-image call, for the checks of this provider's generation form (edit tests override {@link #generate}). */
    final List<String> textToImage(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new BflImageGenerator(upstream).generate(provider, new ImageTask("flux-pro-1.1", Map.of(), "1", prompt, 1000, 1000, 1,
                Map.of("seed", 7), control)).stream().map(i -> i.mime()).toList();
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v1/", request -> {
            if (!secret().equals(request.header("x-key"))) {
                return Reply.json(403, Map.of("detail", "Not authenticated - Invalid Authentication"));
            }
            Scenario scenario = Scenario.of(request.json().path("prompt").asText());
            return switch (scenario) {
                case RATE_LIMITED -> Reply.json(429, Map.of("detail", "You have exceeded the number of active tasks (24)."));
                case SERVER_ERROR -> Reply.json(500, Map.of("detail", "Internal Server Error"));
                case INVALID_INPUT -> Reply.json(422, Map.of("detail", List.of(Map.of("loc", List.of("body", "width"),
                        "msg", "Input should be less than or equal to 1440", "type", "less_than_equal"))));
                case MALFORMED -> Reply.raw(200, "text/html", "<html>gateway</html>".getBytes());
                default -> {
                    var job = fake.newJob(scenario);
                    yield Reply.json(200, Map.of("id", job.id, "polling_url", fake.link() + "/v1/get_result?id=" + job.id,
                            "cost", 4.0, "input_mp", 0, "output_mp", 1.0));
                }
            };
        });
        fake.on("GET", "/v1/get_result", request -> {
            if (!secret().equals(request.header("x-key"))) {
                return Reply.json(403, Map.of("detail", "Not authenticated"));
            }
            var job = fake.jobs.get(request.query().substring("id=".length()));
            if (job == null) {
                return Reply.json(200, Map.of("id", "?", "status", "Task not found"));
            }
            int poll = job.polls.incrementAndGet();
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return Reply.json(200, Map.of("id", job.id, "status", "Pending", "progress", poll * 0.3));
            }
            return switch (job.scenario) {
                case MODERATED -> Reply.json(200, Map.of("id", job.id, "status", "Content Moderated", "details", Map.of()));
                case JOB_FAILED -> Reply.json(200, Map.of("id", job.id, "status", "Error", "details", Map.of()));
                default -> Reply.json(200, Map.of("id", job.id, "status", "Ready", "progress", 1.0,
                        "result", Map.of("sample", fake.link() + "/samples/" + job.id + ".png", "prompt", "p", "seed", 7)));
            };
        });
        fake.on("GET", "/samples/", request -> Reply.raw(200, "image/png", TestImages.png(32, 32)));
    }

    @Test
    void sendsTheModelEndpointWithSizesAsMultiplesOf32AndTheSeed() {
        textToImage(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var submit = fake.received().getFirst();
        assertEquals("/v1/flux-pro-1.1", submit.path());
        assertEquals(992, submit.json().path("width").asInt());
        assertEquals(7, submit.json().path("seed").asInt());
        assertEquals("png", submit.json().path("output_format").asText());
    }

    /** BFL's submit answer says what each job costs (4 credits here): each image carries it, as what BFL billed. */
    @Test
    void eachImageCarriesTheCostBflsSubmitAnswerGave() {
        var images = new BflImageGenerator(upstream(false)).generate(provider(), new ImageTask("flux-2-pro", Map.of(), "2", "a lighthouse",
                1024, 1024, 2, Map.of(), TaskControl.NONE));
        assertEquals(2, images.size());
        images.forEach(image -> assertEquals(0, new java.math.BigDecimal("0.04").compareTo(image.made().charged())));
        assertEquals("/v1/flux-2-pro", fake.received().getFirst().path());
        assertEquals(1024, fake.received().getFirst().json().path("width").asInt());
    }

    @Test
    void kontextFromTextAloneIsAskedForTheAspectRatioNotAWidthAndHeight() {
        new BflImageGenerator(upstream(false)).generate(provider(), new ImageTask("flux-kontext-pro", Map.of(), "1", "a harbour",
                1024, 576, 1, Map.of(), TaskControl.NONE));
        var submit = fake.received().getFirst();
        assertEquals("/v1/flux-kontext-pro", submit.path());
        assertEquals("16:9", submit.json().path("aspect_ratio").asText(), "Kontext has no width or height: it would make a square");
        assertTrue(submit.json().path("width").isMissingNode() && submit.json().path("height").isMissingNode());
    }
}
