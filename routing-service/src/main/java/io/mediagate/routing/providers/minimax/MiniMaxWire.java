package io.mediagate.routing.providers.minimax;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import java.util.LinkedHashMap;
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

    /** The generation request; {@code firstFrame} is the first frame as a data URI, or null. */
    static Map<String, Object> request(VideoTask task, String firstFrame) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        body.put("resolution", task.height() >= 1080 ? "1080P" : task.height() >= 720 ? "768P" : "512P");
        if (firstFrame != null) {
            body.put("first_frame_image", firstFrame);
        }
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /**
     * Whether an answer says the call went well: HTTP 200 with a JSON object whose {@code base_resp.status_code} is 0, or a
     * failed task's query (it carries the task's own code, which {@link #state} reads as the job's outcome).
     */
    static boolean ok(int status, JsonNode body) {
        return status == 200 && body != null && body.isObject()
                && (body.path("base_resp").path("status_code").asInt(0) == 0 || "Fail".equals(Upstream.text(body, "status")));
    }

    /** One look at a task: pending, its file's id, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode state) {
        String status = String.valueOf(Upstream.text(state, "status"));
        return switch (status) {
            case "Preparing", "Queueing", "Processing" -> Poller.pending(null);
            case "Success" -> {
                String fileId = Upstream.text(state, "file_id");
                if (fileId == null || fileId.isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a file_id");
                }
                yield Poller.done(fileId);
            }
            case "Fail" -> {
                ProviderException coded = ERRORS.ofCode(provider, Upstream.text(state.path("base_resp"), "status_code"),
                        Upstream.text(state.path("base_resp"), "status_msg"));
                yield Poller.failed(coded != null ? coded : ProviderException.failed(provider.id() + " task failed"));
            }
            default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + status);
        };
    }

    /** The download URL of a retrieved file ({@code file.download_url}). */
    static String downloadUrl(ProviderSpec provider, JsonNode file) {
        String url = Upstream.text(file.path("file"), "download_url");
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered a file without a download_url");
        }
        return url;
    }
}
