package io.mediagate.routing.providers.minimax;

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
 * MiniMax's wire, no I/O: the generation request from our task, the {@code base_resp} every answer carries, a task as
 * MiniMax answers it ({@code status} {@code Preparing}, {@code Queueing}, {@code Processing}, {@code Success} with a
 * {@code file_id}, {@code Fail} with its own code), and the file's {@code download_url}.
 */
public final class MiniMaxWire {
    /**
     * MiniMax's status codes, in {@code base_resp.status_code} or at the end of an HTTP error's message in brackets:
     * 1002 rate limit; 1004 and 2049 refused key, 1008 no balance (the provider is unavailable); 1026 sensitive input,
     * 1027 sensitive output (moderation); 2013 invalid parameters; 1000, 1001, 1024, 1033 its own errors (retryable).
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/base_resp/status_msg", "/error/message")
            .codes(List.of("/base_resp/status_code", "/error/message"), Map.ofEntries(Map.entry("1002", FailureClass.RATE_LIMITED),
                    Map.entry("1004", FailureClass.CREDENTIALS), Map.entry("2049", FailureClass.CREDENTIALS), Map.entry("1008", FailureClass.QUOTA),
                    Map.entry("1026", FailureClass.MODERATION), Map.entry("1027", FailureClass.MODERATION),
                    Map.entry("2013", FailureClass.CALLER_ERROR), Map.entry("1000", FailureClass.TRANSIENT),
                    Map.entry("1001", FailureClass.TRANSIENT), Map.entry("1024", FailureClass.TRANSIENT), Map.entry("1033", FailureClass.TRANSIENT)))
            .codeForm("\\((\\d{3,5})\\)\\s*$");

    private MiniMaxWire() {
    }

    /** {@code POST /v1/video_generation}; the offer's free parameters follow the declared fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, String prompt, int duration, String resolution, @JsonProperty("first_frame_image") String firstFrameImage,
                   @JsonProperty("last_frame_image") String lastFrameImage, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A task's status; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("Preparing") PREPARING,
        @JsonProperty("Queueing") QUEUEING,
        @JsonProperty("Processing") PROCESSING,
        @JsonProperty("Success") SUCCESS,
        @JsonProperty("Fail") FAIL,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code GET /v1/query/video_generation}: the fields read of it. */
    record Task(Status status, @JsonProperty("file_id") String fileId, @JsonProperty("base_resp") BaseResp baseResp) {}

    /** MiniMax's status of every answer. */
    record BaseResp(@JsonProperty("status_code") String statusCode, @JsonProperty("status_msg") String statusMsg) {}

    /** {@code GET /v1/files/retrieve}: the file's download URL. */
    record FileAnswer(File file) {}

    record File(@JsonProperty("download_url") String downloadUrl) {}

    /** The generation request; {@code firstFrame} is the first frame as a data URI, or null; the last frame the same. */
    static Request request(VideoTask task, String firstFrame) {
        return request(task, firstFrame, null);
    }

    /**
     * The generation request, ending on {@code lastFrame} (a data URI, or null) where one is asked: Hailuo 02 takes
     * {@code last_frame_image} beside {@code first_frame_image} (MiniMax-AI/cli {@code VideoRequest}, 2026-05-06; a last frame
     * needs the first), not at 512P.
     */
    static Request request(VideoTask task, String firstFrame, String lastFrame) {
        if (lastFrame != null && firstFrame == null) {
            throw ProviderException.rejected("MiniMax needs the first frame with a last frame").offersFault();
        }
        String resolution = task.height() >= 1080 ? "1080P" : task.height() >= 720 ? "768P" : "512P";
        if (lastFrame != null && resolution.equals("512P")) {
            throw ProviderException.rejected("MiniMax makes no 512P video that ends on a picture").offersFault();
        }
        return new Request(task.upstreamModel(), task.prompt(), Shapes.duration(task.durationSeconds(), task.option("durations", null)),
                resolution, firstFrame, lastFrame, WireJson.extra(task.params(), Request.class));
    }

    /**
     * Whether an answer says the call went well: HTTP 200 with a JSON object whose {@code base_resp.status_code} is 0, or a
     * failed task's query (it carries the task's own code, which {@link #state} reads as the job's outcome).
     */
    static boolean ok(int status, JsonNode body) {
        return status == 200 && body != null && body.isObject()
                && (body.path("base_resp").path("status_code").asInt(0) == 0 || "Fail".equals(Shapes.text(body, "status")));
    }

    /** One look at a task: pending, its file's id, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Task task = WireJson.read(provider, answer, Task.class);
        Status status = task.status() == null ? Status.UNKNOWN : task.status();
        return switch (status) {
            case PREPARING, QUEUEING, PROCESSING -> Poller.pending(null);
            case SUCCESS -> {
                if (task.fileId() == null || task.fileId().isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a file_id");
                }
                yield Poller.done(task.fileId());
            }
            case FAIL -> {
                BaseResp base = task.baseResp();
                ProviderException coded = base == null ? null : ERRORS.ofCode(provider, base.statusCode(), base.statusMsg());
                yield Poller.failed(coded != null ? coded : ProviderException.failed(provider.id() + " task failed"));
            }
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
        };
    }

    /** The download URL of a retrieved file ({@code file.download_url}). */
    static String downloadUrl(ProviderSpec provider, JsonNode answer) {
        FileAnswer retrieved = WireJson.read(provider, answer, FileAnswer.class);
        String url = retrieved.file() == null ? null : retrieved.file().downloadUrl();
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered a file without a download_url");
        }
        return url;
    }
}
