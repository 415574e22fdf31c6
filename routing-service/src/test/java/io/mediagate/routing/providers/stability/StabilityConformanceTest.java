package io.mediagate.routing.providers.stability;

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
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Stability v2beta against a fake speaking its wire format: multipart in, JSON out, finish_reason, {id,name,errors}. */
@Exercises(adapters = "stability", value = "image")
class StabilityConformanceTest extends AdapterConformance {
    StabilityConformanceTest() {
        super("stability", "image", false);
    }

    private static final Pattern PROMPT = Pattern.compile("name=\"prompt\"\r\n\r\n(.*?)\r\n");

    @Override
    protected Set<Scenario> unsupported() {
        return Set.of(Scenario.JOB_FAILED);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return textToImage(upstream, provider, prompt, control);
    }

    /** A text-to-image call, for the checks of this provider's generation form (edit tests override {@link #generate}). */
    final List<String> textToImage(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new StabilityImageGenerator(upstream).generate(provider, new ImageTask("sd3.5-large", Map.of(), "1", prompt, 1536, 1024, 1,
                Map.of("seed", 42), control)).stream().map(i -> i.mime()).toList();
    }

    private static Reply error(int status, String name, String message) {
        return Reply.json(status, Map.of("id", "a1b2c3", "name", name, "errors", List.of(message)));
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/v2beta/stable-image/", request -> {
            if (!("Bearer " + secret()).equals(request.header("Authorization"))) {
                return error(401, "unauthorized", "authorization: invalid or missing header value");
            }
            Matcher m = PROMPT.matcher(request.text());
            Scenario scenario = Scenario.of(m.find() ? m.group(1) : untoldPrompt);
            return switch (scenario) {
                case RATE_LIMITED -> error(429, "rate_limit_exceeded", "You have exceeded the rate limit of 150 requests within a 10 second period");
                case SERVER_ERROR -> error(500, "internal_error", "An unexpected server error has occurred");
                case INVALID_INPUT -> error(400, "bad_request", "prompt: cannot exceed 10000 characters");
                case MODERATED -> error(403, "content_moderation", "Your request was flagged by our content moderation system");
                case NEVER_FINISHES -> FakeUpstream.hang();
                case MALFORMED -> Reply.json(200, Map.of("artifacts", List.of()));
                // the fast upscaler answers 4 times the picture a side (the tests send 32x32)
                default -> Reply.json(200, Map.of("image", Base64.getEncoder().encodeToString(request.path().endsWith("/upscale/fast")
                                ? TestImages.png(128, 128) : TestImages.png(24, 16)), "finish_reason", "SUCCESS", "seed", 42));
            };
        });
    }

    @Test
    void sendsAMultipartFormToTheSd3EndpointWithTheNearestAspectRatio() {
        textToImage(upstream(false), provider(), "a lighthouse", TaskControl.NONE);
        var request = fake.received().getFirst();
        assertEquals("/v2beta/stable-image/generate/sd3", request.path());
        assertTrue(request.header("Content-Type").startsWith("multipart/form-data; boundary="));
        assertEquals("application/json", request.header("Accept"));
        String form = request.text();
        assertTrue(form.contains("name=\"aspect_ratio\"\r\n\r\n3:2\r\n"), form);
        assertTrue(form.contains("name=\"model\"\r\n\r\nsd3.5-large\r\n"), form);
        assertTrue(form.contains("name=\"seed\"\r\n\r\n42\r\n"), form);
    }

    @Test
    void aContentFilteredFinishIsModerationEvenWithStatus200() {
        fake.on("POST", "/v2beta/stable-image/generate/sd3", request -> Reply.json(200, Map.of(
                "image", Base64.getEncoder().encodeToString(TestImages.png(8, 8)), "finish_reason", "CONTENT_FILTERED", "seed", 1)));
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.mediagate.routing.providers.ProviderException.class,
                () -> textToImage(upstream(false), provider(), "fine prompt", TaskControl.NONE));
        assertEquals(io.mediagate.common.api.ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }
}
