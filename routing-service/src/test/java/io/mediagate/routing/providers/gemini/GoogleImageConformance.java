package io.mediagate.routing.providers.gemini;

import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Scenario;
import java.util.List;
import java.util.Map;

/**
 * What the fakes of the Gemini API's two image methods share: the {@code gemini} adapter under {@code /v1beta}, a
 * wrong key refused before anything else, a 404 for any other method, and the same failures before an image is made.
 */
abstract class GoogleImageConformance extends AdapterConformance {
    GoogleImageConformance() {
        super("gemini", "image", false);
    }

    /** The Gemini API's answer for a model it no longer serves: 404 {@code NOT_FOUND}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("error", java.util.Map.of("code", 404, "message",
                "models/imagen-4.0-generate-001 is not found for API version v1beta, or is not supported for predict.", "status", "NOT_FOUND")));
    }

    @Override
    protected String basePath() {
        return "/v1beta";
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    static ImageTask task(String model, String prompt, int width, int height, int n, TaskControl control) {
        return new ImageTask(model, Map.of(), "1", prompt, width, height, n, Map.of(), control);
    }

    /** Answers {@code POST /v1beta/models/{model}<method>} with {@code handler}, once the key is right. */
    protected void onMethod(FakeUpstream fake, String method, FakeUpstream.Handler handler) {
        fake.on("POST", "/v1beta/models/", request -> {
            Reply refused = GoogleFake.badKey(request, secret());
            if (refused != null) {
                return refused;
            }
            if (!request.path().endsWith(method)) {
                return GoogleFake.error(404, "NOT_FOUND", "Method not found.", List.of());
            }
            return handler.handle(request);
        });
    }

    /** The answers a Google image endpoint gives to a scenario before any image is made; null to go on. */
    static Reply refusal(Scenario scenario) throws InterruptedException {
        return switch (scenario) {
            case RATE_LIMITED -> GoogleFake.quota();
            case SERVER_ERROR -> GoogleFake.error(503, "UNAVAILABLE", "The model is overloaded. Please try again later.", List.of());
            case INVALID_INPUT -> GoogleFake.error(400, "INVALID_ARGUMENT", "Number of images must be between 1 and 4.", List.of());
            case MALFORMED -> Reply.raw(200, "text/html", "<!DOCTYPE html><title>Error 502</title>".getBytes());
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> null;
        };
    }
}
