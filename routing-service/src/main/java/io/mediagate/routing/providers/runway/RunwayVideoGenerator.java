package io.mediagate.routing.providers.runway;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Runway tasks ({@code adapter: runway}): {@code POST /v1/text_to_video}, or {@code /v1/image_to_video}
 * with the image inline as a data URI; then {@code GET /v1/tasks/{id}} no faster than Runway asks (about
 * every 5 s) until {@code SUCCEEDED}, and {@code DELETE /v1/tasks/{id}} to cancel. Every call carries
 * {@code X-Runway-Version}. Offer options: {@code ratio} (default {@code 1280:720}), {@code durations}
 * (the clip lengths the model makes, required by the catalog).
 */
public class RunwayVideoGenerator implements VideoGenerator {
    /** Runway's errors: {@code {"error": "..."}}. */
    private static final ErrorReader ERRORS = ErrorReader.message("/error");
    static final String BASE = "https://api.dev.runwayml.com";
    static final String VERSION = "2024-11-06";
    private final Upstream upstream;
    private final Duration pollFloor;

    /** @param pollFloor shortest wait between two polls of a task */
    public RunwayVideoGenerator(Upstream upstream, Duration pollFloor) {
        this.upstream = upstream;
        this.pollFloor = pollFloor;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        String key = Upstream.requireCredential(provider);
        String base = Upstream.base(provider, BASE);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("promptText", task.prompt());
        if (task.image() != null) {
            body.put("promptImage", Upstream.dataUri(task.image()));
        }
        body.put("ratio", task.option("ratio", "1280:720"));
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        task.params().forEach(body::putIfAbsent);
        String endpoint = task.image() != null ? "/v1/image_to_video" : "/v1/text_to_video";
        return upstream.runVideo(provider, task, "runway.mp4", new UpstreamJob<>() {
            @Override
            public String submit() {
                HttpResponse<byte[]> created = upstream.send(provider, signed(upstream.postJson(base + endpoint, body), key).build());
                if (created.statusCode() != 200 && created.statusCode() != 201) {
                    throw failure(provider, created);
                }
                return Upstream.text(upstream.object(provider, created), "id");
            }

            @Override
            public Poller.Poll<String> poll(String id) {
                HttpResponse<byte[]> r = upstream.send(provider, signed(upstream.request(base + "/v1/tasks/" + id), key).GET().build());
                if (r.statusCode() != 200) {
                    throw failure(provider, r);
                }
                return state(provider, upstream.object(provider, r));
            }

            @Override
            public Duration minimumInterval() {
                return pollFloor;
            }

            @Override
            public void cancel(String id) {
                upstream.send(provider, signed(upstream.request(base + "/v1/tasks/" + id), key).DELETE().build());
            }
        });
    }

    private static HttpRequest.Builder signed(HttpRequest.Builder request, String key) {
        return Auth.bearer().with(key).sign(request).header("X-Runway-Version", VERSION);
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode task) {
        String status = String.valueOf(Upstream.text(task, "status"));
        return switch (status) {
            case "PENDING", "THROTTLED" -> Poller.pending(null);
            case "RUNNING" -> {
                JsonNode progress = task.get("progress");
                yield Poller.pending(progress != null && progress.isNumber() ? (int) Math.round(progress.asDouble() * 100) : null);
            }
            case "SUCCEEDED" -> {
                JsonNode output = task.path("output");
                if (!output.isArray() || output.isEmpty() || !output.get(0).isTextual()) {
                    throw ProviderException.failed(provider.id() + " succeeded without an output URL");
                }
                yield Poller.done(output.get(0).asText());
            }
            case "FAILED" -> Poller.failed(failed(provider, Upstream.text(task, "failureCode")));
            case "CANCELLED" -> Poller.failed(ProviderException.failed(provider.id() + " task was cancelled at the provider"));
            default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + status);
        };
    }

    /**
     * Runway's failure codes: {@code SAFETY.*} (and {@code INPUT_PREPROCESSING.SAFETY.*}) are moderation, which Runway
     * bills as it bills a generation ("moderated generations have the same credit cost as successful generations");
     * {@code ASSET.INVALID} and other {@code INPUT_PREPROCESSING.*} codes are the caller's input; the rest
     * ({@code INTERNAL.*}, unknown) are the provider's and worth another try.
     */
    static ProviderException failed(ProviderSpec provider, String failureCode) {
        String code = failureCode == null ? "" : failureCode.toUpperCase(Locale.ROOT);
        if (code.startsWith("SAFETY") || code.contains(".SAFETY")) {
            return ProviderException.moderated("the request was refused by the provider's content policy").charged();
        }
        if (code.startsWith("ASSET.INVALID") || code.startsWith("INPUT_PREPROCESSING")) {
            return ProviderException.rejected("the provider could not use the input image", "image");
        }
        return ProviderException.failed(provider.id() + " task failed" + (code.isEmpty() ? "" : " (" + code + ")"));
    }

    /** Runway's errors are {@code {"error": "..."}}. */
    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }
}
