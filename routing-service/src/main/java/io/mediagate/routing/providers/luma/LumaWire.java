package io.mediagate.routing.providers.luma;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Luma Dream Machine's wire, no I/O: the generation request from our task, and a generation as Luma answers it
 * ({@code state} through {@code queued} and {@code dreaming} to {@code completed} with {@code assets.video}, or
 * {@code failed} with {@code failure_reason}).
 */
final class LumaWire {
    static final String MODERATION = "(?s).*(moderation|not allowed|prohibited|safety).*";
    /** Luma's errors are {@code {"detail": "..."}}; a refusal on policy grounds is worded in it. */
    static final ErrorReader ERRORS = ErrorReader.message("/detail").moderation(MODERATION);

    private LumaWire() {
    }

    /** {@code POST /generations/video}: the model, the prompt, 16:9, the resolution by height, the clip length as {@code "5s"}. */
    static Map<String, Object> request(VideoTask task) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("aspect_ratio", "16:9");
        body.put("resolution", task.height() <= 540 ? "540p" : task.height() + "p");
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)) + "s");
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /** One look at a generation: pending, the video's URL, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode generation) {
        String state = String.valueOf(Upstream.text(generation, "state"));
        return switch (state) {
            case "queued", "dreaming" -> Poller.pending(null);
            case "completed" -> {
                String video = Upstream.text(generation.path("assets"), "video");
                if (video == null) {
                    throw ProviderException.failed(provider.id() + " completed without assets.video");
                }
                yield Poller.done(video);
            }
            case "failed" -> {
                String reason = Upstream.text(generation, "failure_reason");
                yield Poller.failed(ERRORS.moderates(reason) ? ProviderException.moderated("the prompt was refused by the provider's content policy")
                        : ProviderException.failed(provider.id() + " generation failed"));
            }
            default -> throw ProviderException.failed(provider.id() + " answered an unknown state " + state);
        };
    }
}
