package io.mediagate.routing.providers.vidu;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Vidu's wire, no I/O: the task request from our task, and a task's creations as Vidu answers them ({@code state}
 * {@code created}, {@code queueing}, {@code processing}, {@code success} with {@code creations[0].url}, {@code failed}
 * with {@code err_code}). Errors are {@code {code, reason, message, metadata}}.
 */
public final class ViduWire {
    private static final List<String> IMAGE_FAULTS = List.of("ImageFormatInvalid", "ImageDownloadFailure", "ImageCheckBodyJointsFailed",
            "ImageCheckFaceFailed", "ImageObjectsUndetected");

    /**
     * Vidu's error reasons ({@code {"reason", "message"}}, and a failed task's {@code err_code}): refused prompt, input or
     * output (moderation); no credits (quota); concurrency, rate or system limits (rate limited); refused key; the
     * request's own faults, those of the image naming it. Other reasons are read by the HTTP status.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/message").codes("/reason", reasons())
            .faults(IMAGE_FAULTS.stream().collect(Collectors.toMap(r -> r, r -> "image")));

    private ViduWire() {
    }

    private static Map<String, FailureClass> reasons() {
        Map<String, FailureClass> reasons = new HashMap<>();
        List.of("TaskPromptPolicyViolation", "AuditSubmitIllegal", "CreationPolicyViolation").forEach(r -> reasons.put(r, FailureClass.MODERATION));
        reasons.put("CreditInsufficient", FailureClass.QUOTA);
        List.of("QuotaExceeded", "TooManyRequests", "SystemThrottling").forEach(r -> reasons.put(r, FailureClass.RATE_LIMITED));
        List.of("Unauthorized", "Forbidden").forEach(r -> reasons.put(r, FailureClass.CREDENTIALS));
        List.of("BadRequest", "FieldLacking", "FieldUnwanted", "FieldInvalid", "FieldItemCountOutOfRange", "PageSizeOutOfRange")
                .forEach(r -> reasons.put(r, FailureClass.CALLER_ERROR));
        IMAGE_FAULTS.forEach(r -> reasons.put(r, FailureClass.CALLER_ERROR));
        return Map.copyOf(reasons);
    }

    /** The endpoint: image-to-video when the task has a first frame, else text-to-video. */
    static String endpoint(VideoTask task) {
        return task.image() == null ? "/ent/v2/text2video" : "/ent/v2/img2video";
    }

    /** The task request; {@code image} is the first frame as a data URI, or null (then the shape is the nearest ratio offered). */
    static Map<String, Object> request(VideoTask task, String image) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        body.put("resolution", task.height() >= 1080 ? "1080p" : task.height() >= 720 ? "720p" : "540p");
        if (image == null) {
            List<String> ratios = Arrays.stream(task.option("ratios", "16:9,9:16,1:1").split(",")).map(String::trim).toList();
            body.put("aspect_ratio", Upstream.nearestRatio(task.width(), task.height(), ratios));
        } else {
            body.put("images", List.of(image));
        }
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /** One look at a task's creations. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode task) {
        String state = String.valueOf(Upstream.text(task, "state"));
        return switch (state) {
            case "created", "queueing", "processing" -> Poller.pending(null);
            case "success" -> {
                JsonNode creations = task.path("creations");
                String url = creations.isArray() && !creations.isEmpty() ? Upstream.text(creations.get(0), "url") : null;
                if (url == null || url.isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a creation url");
                }
                yield Poller.done(url);
            }
            case "failed" -> {
                String code = Upstream.text(task, "err_code");
                ProviderException known = ERRORS.ofCode(provider, code, null);
                yield Poller.failed(known != null ? known : ProviderException.failed(provider.id() + " task failed"
                        + (code == null || code.isBlank() ? "" : " (" + code + ")")));
            }
            default -> throw ProviderException.failed(provider.id() + " answered an unknown task state " + state);
        };
    }
}
