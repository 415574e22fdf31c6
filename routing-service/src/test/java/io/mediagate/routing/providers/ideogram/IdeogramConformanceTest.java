package io.mediagate.routing.providers.ideogram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Ideogram 3.0 against a fake speaking its wire: multipart forms with an {@code Api-Key} header, {@code aspect_ratio}
 * written {@code 16x9}, answers {@code {"created", "data": [{"url", "prompt", "resolution", "is_image_safe", "seed"}]}}
 * with short-lived image URLs, an unsafe image as {@code is_image_safe: false} without a URL, a refused prompt as 422
 * {@code {"error": ...}}, a wrong key 401, too many requests 429.
 */
@Exercises(adapters = "ideogram", value = "image")
class IdeogramConformanceTest extends AdapterConformance {
    IdeogramConformanceTest() {
        super("ideogram", "image", false);
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "ideogram.ai";
    }

    static ImageTask task(String prompt, int width, int height, int n, Map<String, String> options, TaskControl control) {
        return new ImageTask("V_3", options, "3", prompt, width, height, n, Map.of(), control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new IdeogramImageGenerator(upstream).generate(provider, task(prompt, 1024, 1024, 1, Map.of(), control))
                .stream().map(i -> i.mime()).toList();
    }

    static FormParts form(FakeUpstream.Recorded request) {
        return FormParts.parse(request.header("Content-Type"), request.body());
    }

    private Reply answer(FakeUpstream fake, FakeUpstream.Recorded request) throws InterruptedException {
        if (!secret().equals(request.header("Api-Key"))) {
            return Reply.json(401, Map.of("detail", "Unauthorized"));
        }
        FormParts form = form(request);
        return switch (Scenario.of(form.text("prompt", ""))) {
            case RATE_LIMITED -> Reply.json(429, Map.of("detail", "Too many requests"));
            case SERVER_ERROR -> Reply.json(503, Map.of("detail", "Service Unavailable"));
            case INVALID_INPUT -> Reply.json(400, Map.of("detail", "Invalid aspect_ratio"));
            case MODERATED -> Reply.json(422, Map.of("error", "Prompt failed the safety check."));
            case MALFORMED -> Reply.json(200, Map.of("created", "2026-11-25T10:00:00Z"));
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> {
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < Integer.parseInt(form.text("num_images", "1")); i++) {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("url", fake.link() + "/api/images/ephemeral/img" + i + ".png?exp=1743867804&sig=ab12");
                    item.put("prompt", form.text("prompt", ""));
                    item.put("resolution", "1024x1024");
                    item.put("is_image_safe", true);
                    item.put("seed", 12345);
                    item.put("style_type", "GENERAL");
                    data.add(item);
                }
                yield Reply.json(200, Map.of("created", "2026-11-25T10:00:00Z", "data", data));
            }
        };
    }

    /** Answers every Ideogram endpoint this adapter calls with {@code handler}. */
    private static void everyEndpoint(FakeUpstream fake, FakeUpstream.Handler handler) {
        for (String path : List.of("/v1/ideogram-v3/generate", "/v1/ideogram-v3/inpaint", "/v1/ideogram-v3/remix")) {
            fake.on("POST", path, handler);
        }
    }

    @Override
    protected void play(FakeUpstream fake) {
        everyEndpoint(fake, request -> answer(fake, request));
        fake.on("GET", "/api/images/ephemeral/", request -> Reply.raw(200, "image/png", TestImages.png(16, 16)));
    }

    @Test
    void theSizeIsSentAsIdeogramsRatioWithTheRenderingSpeedOfTheOffer() {
        var images = new IdeogramImageGenerator(upstream(false)).generate(provider(),
                task("a poster that says HELLO", 1344, 768, 2, Map.of("rendering_speed", "TURBO"), TaskControl.NONE));
        assertEquals(2, images.size());
        FormParts form = form(fake.received().getFirst());
        assertEquals("16x9", form.text("aspect_ratio", null));
        assertEquals("TURBO", form.text("rendering_speed", null));
        assertEquals("2", form.text("num_images", null));
        assertEquals("a poster that says HELLO", form.text("prompt", null));
    }

    @Test
    void anUnsafeImageIsLeftOutAndAllUnsafeIsModeration() {
        everyEndpoint(fake, request -> Reply.json(200, Map.of("created", "2026-11-25T10:00:00Z", "data", List.of(
                Map.of("url", "", "prompt", "p", "resolution", "1024x1024", "is_image_safe", false, "seed", 1)))));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "p", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
        everyEndpoint(fake, request -> Reply.json(200, Map.of("created", "2026-11-25T10:00:00Z", "data", List.of(
                Map.of("url", "", "prompt", "p", "resolution", "1024x1024", "is_image_safe", false, "seed", 1),
                Map.of("url", fake.link() + "/api/images/ephemeral/ok.png", "prompt", "p", "resolution", "1024x1024", "is_image_safe", true,
                        "seed", 2)))));
        assertEquals(List.of("image/png"), generate(upstream(false), provider(), "p", TaskControl.NONE));
    }
}
