package io.mediagate.routing.providers.runway;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import java.util.List;
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

    /** {@code POST /v1/text_to_video} or {@code /v1/image_to_video}; the offer's free parameters follow the declared fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, String promptText, String promptImage, String ratio, int duration,
                   @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A task's status; one this version does not know reads as {@code UNKNOWN}. */
    enum Status { PENDING, THROTTLED, RUNNING, SUCCEEDED, FAILED, CANCELLED, @JsonEnumDefaultValue UNKNOWN }

    /** {@code GET /v1/tasks/{id}}: the fields read of it ({@code progress} a fraction while running). */
    record Task(Status status, JsonNode progress, List<JsonNode> output, String failureCode) {}

    /**
     * The frames Runway's reference lists for {@code ratio} (runwayml/sdk-python 5.13.0, 2026-07-27,
     * {@code text_to_video_create_params} and {@code image_to_video_create_params}): from text, gen4.5 makes 1280:720 and
     * 720:1280 (Veo 3.1 on Runway also 1920:1080 and 1080:1920); from an image, also 1104:832, 832:1104, 960:960 and 1584:672.
     */
    static final List<String> FROM_TEXT = List.of("1280:720", "720:1280", "1920:1080", "1080:1920");
    static final List<String> FROM_IMAGE = List.of("1280:720", "720:1280", "1920:1080", "1080:1920", "1104:832", "832:1104", "960:960",
            "1584:672");
    /** The aspect ratios those frames are (within 2%). */
    static final List<String> RATIOS = List.of("16:9", "9:16", "4:3", "3:4", "1:1", "21:9");

    /**
     * The task's frame as Runway's {@code ratio}: of the frames the endpoint takes with the task's aspect ratio (within 2%), the
     * one whose short side is nearest the task's. Refused (the next offer is tried) when Runway lists none of that ratio.
     */
    static String ratio(VideoTask task) {
        Framing wanted = new Framing(Framing.ratioOf(task.width(), task.height()), null);
        int shortSide = Math.min(task.width(), task.height());
        return (task.image() != null ? FROM_IMAGE : FROM_TEXT).stream()
                .map(r -> r.split(":"))
                .filter(r -> wanted.hasRatio(Size.frame(Integer.parseInt(r[0]), Integer.parseInt(r[1]))))
                .min(java.util.Comparator.comparingInt(r -> Math.abs(Math.min(Integer.parseInt(r[0]), Integer.parseInt(r[1])) - shortSide)))
                .map(r -> r[0] + ":" + r[1])
                .orElseThrow(() -> ProviderException.rejected("Runway makes no " + task.width() + "x" + task.height() + " video "
                        + (task.image() != null ? "from an image" : "from text")).offersFault());
    }

    /** The task request; {@code promptImage} is the first frame as a data URI, or null. */
    static Request request(VideoTask task, String promptImage) {
        return new Request(task.upstreamModel(), task.prompt(), promptImage, ratio(task),
                Shapes.duration(task.durationSeconds(), task.option("durations", null)), WireJson.extra(task.params(), Request.class));
    }

    /** One look at a task. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Task task = WireJson.read(provider, answer, Task.class);
        Status status = task.status() == null ? Status.UNKNOWN : task.status();
        return switch (status) {
            case PENDING, THROTTLED -> Poller.pending(null);
            case RUNNING -> Poller.pending(task.progress() != null && task.progress().isNumber()
                    ? (int) Math.round(task.progress().asDouble() * 100) : null);
            case SUCCEEDED -> {
                List<JsonNode> output = task.output();
                if (output == null || output.isEmpty() || output.getFirst() == null || !output.getFirst().isTextual()) {
                    throw ProviderException.failed(provider.id() + " succeeded without an output URL");
                }
                yield Poller.done(output.getFirst().asText());
            }
            case FAILED -> Poller.failed(failed(provider, task.failureCode()));
            case CANCELLED -> Poller.failed(ProviderException.failed(provider.id() + " task was cancelled at the provider"));
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
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
