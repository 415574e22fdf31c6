package io.mediagate.routing.providers.comfyui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.ProviderSpec;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** ComfyUI against a fake of its server: /prompt with the filled workflow, /history until done, /view. */
@Exercises(adapters = "comfyui", value = "image")
class ComfyUiConformanceTest extends AdapterConformance {
    ComfyUiConformanceTest() {
        super("comfyui", "image", true);
    }

    /** A local server: it has no answer for a model it no longer has. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return null;
    }

    @Override
    protected String cancelCall() {
        return "POST /queue";
    }

    /**
     * ComfyUI has no credentials, rate limits or moderation, and its 400 is the workflow failing
     * validation (our configuration: the next provider is tried), never the caller's input.
     */
    @Override
    protected Set<Scenario> unsupported() {
        return Set.of(Scenario.BAD_CREDENTIALS, Scenario.RATE_LIMITED, Scenario.MODERATED, Scenario.INVALID_INPUT);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new ComfyUiImageGenerator(upstream).generate(provider, new ImageTask("sdxl", Map.of("checkpoint", "juggernaut.safetensors"),
                "1", prompt, 832, 1216, 1, Map.of("seed", 99), control)).stream().map(i -> i.mime()).toList();
    }

    @Override
    protected void play(FakeUpstream fake) {
        Set<String> uploaded = java.util.concurrent.ConcurrentHashMap.newKeySet();
        fake.on("POST", "/upload/image", request -> {
            FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
            if (form.all("image").isEmpty()) {
                return Reply.raw(400, "text/plain", "400: Bad Request".getBytes());
            }
            String name = form.all("image").getFirst().fileName();
            uploaded.add(name);
            return Reply.json(200, Map.of("name", name, "subfolder", "", "type", "input"));
        });
        fake.on("POST", "/prompt", request -> {
            // ComfyUI validates every LoadImage/LoadImageMask against its input folder before queueing.
            for (var node : request.json().path("prompt")) {
                String type = node.path("class_type").asText();
                if ((type.equals("LoadImage") || type.equals("LoadImageMask")) && !uploaded.contains(node.path("inputs").path("image").asText())) {
                    return Reply.json(400, Map.of("error", Map.of("type", "prompt_outputs_failed_validation",
                            "message", "Prompt outputs failed validation", "details", "", "extra_info", Map.of()),
                            "node_errors", Map.of("10", Map.of("errors", List.of(Map.of("type", "custom_validation_failed",
                                    "message", "Invalid image file: " + node.path("inputs").path("image").asText()))))));
                }
            }
            Scenario scenario = Scenario.of(request.json().path("prompt").path("6").path("inputs").path("text").asText());
            return switch (scenario) {
                case SERVER_ERROR -> Reply.raw(500, "text/plain", "500 Internal Server Error".getBytes());
                case MALFORMED -> Reply.json(200, Map.of("number", 3));
                default -> {
                    var job = fake.newJob(scenario);
                    yield Reply.json(200, Map.of("prompt_id", job.id, "number", 3, "node_errors", Map.of()));
                }
            };
        });
        fake.on("GET", "/history/", request -> {
            var job = fake.jobs.get(request.path().substring("/history/".length()));
            int poll = job.polls.incrementAndGet();
            if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
                return Reply.json(200, Map.of());
            }
            if (job.scenario == Scenario.JOB_FAILED) {
                return Reply.json(200, Map.of(job.id, Map.of("outputs", Map.of(), "status", Map.of("status_str", "error",
                        "completed", false, "messages", List.of()))));
            }
            return Reply.json(200, Map.of(job.id, Map.of("outputs", Map.of("9", Map.of("images", List.of(Map.of(
                    "filename", "mediagate_00001_.png", "subfolder", "", "type", "output")))),
                    "status", Map.of("status_str", "success", "completed", true, "messages", List.of()))));
        });
        fake.on("GET", "/view", request -> "filename=mediagate_00001_.png&subfolder=&type=output".equals(request.query())
                ? Reply.raw(200, "image/png", TestImages.png(8, 12)) : Reply.json(404, Map.of()));
        fake.on("POST", "/queue", request -> Reply.json(200, Map.of()));
    }

    @Test
    void theWorkflowTemplateIsFilledWithTypedValues() {
        generate(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var graph = fake.received().getFirst().json().path("prompt");
        assertEquals("a lighthouse", graph.path("6").path("inputs").path("text").asText());
        assertEquals(99, graph.path("3").path("inputs").path("seed").asLong());
        assertEquals(832, graph.path("5").path("inputs").path("width").asInt());
        assertEquals(true, graph.path("5").path("inputs").path("height").isInt());
        assertEquals("juggernaut.safetensors", graph.path("4").path("inputs").path("ckpt_name").asText());
    }
}
