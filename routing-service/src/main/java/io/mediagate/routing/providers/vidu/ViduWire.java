package io.mediagate.routing.providers.vidu;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import java.util.Arrays;
import java.util.HashMap;
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

    /**
     * The endpoint: start-end-to-video when the task ends on a picture (platform.vidu.com/docs/start-end-to-video: {@code images}
     * the start frame then the end frame, as data URIs or URLs), image-to-video when it has a first frame, else text-to-video.
     */
    static String endpoint(VideoTask task) {
        if (task.lastFrame() != null) {
            return "/ent/v2/start-end2video";
        }
        return task.image() == null ? "/ent/v2/text2video" : "/ent/v2/img2video";
    }

    /** {@code POST /ent/v2/text2video} or {@code img2video}; the offer's free parameters follow the declared fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, String prompt, int duration, String resolution, @JsonProperty("aspect_ratio") String aspectRatio,
                   List<String> images, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A task's state; one this version does not know reads as {@code UNKNOWN}. */
    enum State {
        @JsonProperty("created") CREATED,
        @JsonProperty("queueing") QUEUEING,
        @JsonProperty("processing") PROCESSING,
        @JsonProperty("success") SUCCESS,
        @JsonProperty("failed") FAILED,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code GET /ent/v2/tasks/{id}/creations}: the fields read of it. */
    record Task(State state, @JsonProperty("err_code") String errCode, List<Creation> creations) {}

    record Creation(String url) {}

    /**
     * The ratios text-to-video takes by default ({@code aspect_ratio}, default 16:9: Vidu's text-to-video reference for viduq1;
     * viduq2 and later also take 4:3 and 3:4, which an offer's {@code ratios} option may list). img2video takes none: its video
     * has the image's shape.
     */
    static final String RATIOS = "16:9,9:16,1:1";

    /** The task request; {@code image} is the first frame as a data URI, or null (then the shape is the frame's ratio). */
    static Request request(VideoTask task, String image) {
        return request(task, image, null);
    }

    /** The task request, ending on {@code lastFrame} (a data URI, or null; Vidu needs the first frame with it). */
    static Request request(VideoTask task, String image, String lastFrame) {
        if (lastFrame != null && image == null) {
            throw ProviderException.rejected("Vidu needs the first frame with a last frame").offersFault();
        }
        String ratio = null;
        if (image == null) {
            List<String> ratios = Arrays.stream(task.option("ratios", RATIOS).split(",")).map(String::trim).toList();
            ratio = Shapes.videoRatio("Vidu", task.width(), task.height(), ratios);
        }
        int shortSide = Math.min(task.width(), task.height());
        return new Request(task.upstreamModel(), task.prompt(), Shapes.duration(task.durationSeconds(), task.option("durations", null)),
                shortSide >= 1080 ? "1080p" : shortSide >= 720 ? "720p" : "540p", ratio,
                image == null ? null : lastFrame == null ? List.of(image) : List.of(image, lastFrame),
                WireJson.extra(task.params(), Request.class));
    }

    /** One look at a task's creations. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Task task = WireJson.read(provider, answer, Task.class);
        State state = task.state() == null ? State.UNKNOWN : task.state();
        return switch (state) {
            case CREATED, QUEUEING, PROCESSING -> Poller.pending(null);
            case SUCCESS -> {
                List<Creation> creations = task.creations();
                String url = creations == null || creations.isEmpty() || creations.getFirst() == null ? null : creations.getFirst().url();
                if (url == null || url.isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a creation url");
                }
                yield Poller.done(url);
            }
            case FAILED -> {
                String code = task.errCode();
                ProviderException known = ERRORS.ofCode(provider, code, null);
                yield Poller.failed(known != null ? known : ProviderException.failed(provider.id() + " task failed"
                        + (code == null || code.isBlank() ? "" : " (" + code + ")")));
            }
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown task state " + Shapes.text(answer, "state"));
        };
    }
}
