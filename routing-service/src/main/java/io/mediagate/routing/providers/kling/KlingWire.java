package io.mediagate.routing.providers.kling;

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
import java.util.List;
import java.util.Map;

/**
 * Kling's wire, no I/O: the task request from our task, the {@code {code, message, data}} envelope every answer comes
 * in, and a task as Kling answers it ({@code task_status} {@code submitted}, {@code processing}, {@code succeed} with
 * {@code task_result.videos[0].url}, {@code failed} with {@code task_status_msg}).
 */
public final class KlingWire {
    /**
     * Kling's service codes ({@code {code, message, request_id}}, also on an HTTP 200): 1000–1004 refused token;
     * 1100–1102 account in arrears or out of resource packs; 1103 and 1304 no access to the model or from this address;
     * 1200–1201 invalid parameters; 1300 a platform rule, 1301 content security (moderation); 1302 too fast, 1303 over
     * the plan's concurrency (rate limits); 1202, 1203 and 5000–5002 Kling's own failures. Kling refuses content it
     * generated (not only prompts) through its risk control, worded in a failed task's message: moderation.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/message").codes("/code", codes())
            .moderation("(?s).*(risk control|content security|sensitive content|community guidelines).*");

    private static Map<String, FailureClass> codes() {
        Map<String, FailureClass> codes = new java.util.HashMap<>();
        List.of(1000, 1001, 1002, 1003, 1004, 1103, 1304).forEach(c -> codes.put(String.valueOf(c), FailureClass.CREDENTIALS));
        List.of(1100, 1101, 1102).forEach(c -> codes.put(String.valueOf(c), FailureClass.QUOTA));
        List.of(1200, 1201, 1300).forEach(c -> codes.put(String.valueOf(c), FailureClass.CALLER_ERROR));
        codes.put("1301", FailureClass.MODERATION);
        List.of(1302, 1303).forEach(c -> codes.put(String.valueOf(c), FailureClass.RATE_LIMITED));
        List.of(1202, 1203, 5000, 5001, 5002).forEach(c -> codes.put(String.valueOf(c), FailureClass.TRANSIENT));
        return Map.copyOf(codes);
    }

    /**
     * The ratios text-to-video takes ({@code aspect_ratio}, default 16:9: Kling's text2video reference, for kling-v2-1-master and
     * kling-v2-5-turbo alike). image2video takes none: its video has the image's shape.
     */
    static final List<String> RATIOS = List.of("16:9", "9:16", "1:1");

    private KlingWire() {
    }

    /** The endpoint: image-to-video when the task has a first frame, else text-to-video. */
    static String endpoint(VideoTask task) {
        return task.image() == null ? "/v1/videos/text2video" : "/v1/videos/image2video";
    }

    /** {@code POST /v1/videos/text2video} or {@code image2video}; the offer's free parameters follow the declared fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(@JsonProperty("model_name") String modelName, String prompt, String mode, String duration,
                   @JsonProperty("aspect_ratio") String aspectRatio, String image, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A task's status; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("submitted") SUBMITTED,
        @JsonProperty("processing") PROCESSING,
        @JsonProperty("succeed") SUCCEED,
        @JsonProperty("failed") FAILED,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** The envelope's {@code data} of {@code GET /v1/videos/{endpoint}/{id}}: the fields read of it. */
    record Task(@JsonProperty("task_status") Status status, @JsonProperty("task_status_msg") String message,
                @JsonProperty("task_result") Result result) {}

    record Result(List<Video> videos) {}

    record Video(String url) {}

    /** The task request; {@code image} is the first frame as bare base64 (no {@code data:} prefix), or null. */
    static Request request(VideoTask task, String image) {
        return new Request(task.upstreamModel(), task.prompt(), task.option("mode", "std"),
                String.valueOf(Shapes.duration(task.durationSeconds(), task.option("durations", null))),
                image == null ? Shapes.videoRatio("Kling", task.width(), task.height(), RATIOS) : null, image,
                WireJson.extra(task.params(), Request.class));
    }

    /** Whether an answer's envelope says the call went well: HTTP 200, {@code code} 0 and a {@code data} object. */
    static boolean ok(int status, JsonNode body) {
        return status == 200 && body != null && body.path("code").asInt(-1) == 0 && body.path("data").isObject();
    }

    /** One look at a task ({@code data} of the envelope). */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Task task = WireJson.read(provider, answer.path("data"), Task.class);
        Status status = task.status() == null ? Status.UNKNOWN : task.status();
        return switch (status) {
            case SUBMITTED, PROCESSING -> Poller.pending(null);
            case SUCCEED -> {
                List<Video> videos = task.result() == null ? null : task.result().videos();
                String url = videos == null || videos.isEmpty() || videos.getFirst() == null ? null : videos.getFirst().url();
                if (url == null || url.isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a video url");
                }
                yield Poller.done(url);
            }
            case FAILED -> {
                String message = task.message();
                ProviderException known = ERRORS.ofCode(provider, null, message);
                yield Poller.failed(known != null ? known
                        : ProviderException.failed(provider.id() + " task failed" + (message == null || message.isBlank() ? "" : ": " + message)));
            }
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown task status "
                    + Shapes.text(answer.path("data"), "task_status"));
        };
    }
}
