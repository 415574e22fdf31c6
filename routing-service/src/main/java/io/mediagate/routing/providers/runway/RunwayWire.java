package io.mediagate.routing.providers.runway;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Runway's wire, no I/O: the task request from our task, and a task as Runway answers it ({@code status}
 * {@code PENDING}, {@code THROTTLED}, {@code RUNNING} with a {@code progress} fraction, {@code SUCCEEDED} with
 * {@code output[0]}, {@code FAILED} with a {@code failureCode}, {@code CANCELLED}).
 */
final class RunwayWire {
    /** Runway's errors: {@code {"error": "..."}}. */
    static final ErrorReader ERRORS = ErrorReader.message("/error");
    /** The API version every call names in {@code X-Runway-Version}. */
    static final String VERSION = "2024-11-06";

    private RunwayWire() {
    }

    /** The endpoint: image-to-video when the task has a first frame, else text-to-video. */
    static String endpoint(VideoTask task) {
        return task.image() != null ? "/v1/image_to_video" : "/v1/text_to_video";
    }

    /** The task request; {@code promptImage} is the first frame as a data URI, or null. */
    static Map<String, Object> request(VideoTask task, String promptImage) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("promptText", task.prompt());
        if (promptImage != null) {
            body.put("promptImage", promptImage);
        }
        body.put("ratio", task.option("ratio", "1280:720"));
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /** One look at a task. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode task) {
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
}
