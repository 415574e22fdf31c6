package io.mediagate.routing.providers.minimax;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MiniMax (Hailuo) video ({@code adapter: minimax}): {@code POST /v1/video_generation} → {@code task_id};
 * {@code GET /v1/query/video_generation?task_id=} through Preparing/Queueing/Processing to
 * {@code Success} with a {@code file_id}; {@code GET /v1/files/retrieve?file_id=} → {@code download_url}.
 * MiniMax answers HTTP 200 with the outcome in {@code base_resp.status_code} (newer endpoints answer an
 * HTTP error whose message ends with the same code in brackets); both are read. It has no cancel and
 * reports no progress. Offer option: {@code durations} (the clip lengths,
 * required by the catalog: {@code 6,10} for Hailuo 02).
 */
public class MiniMaxVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.minimax.io";
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
    private final Upstream upstream;

    public MiniMaxVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        body.put("resolution", task.height() >= 1080 ? "1080P" : task.height() >= 720 ? "768P" : "512P");
        if (task.image() != null) {
            body.put("first_frame_image", Upstream.dataUri(task.image()));
        }
        task.params().forEach(body::putIfAbsent);
        String fileId = upstream.run(provider, task.control(), new UpstreamJob<>() {
            @Override
            public String submit() {
                return Upstream.text(call(provider, upstream.postJson(base + "/v1/video_generation", body).headers(key.header()).build()),
                        "task_id");
            }

            @Override
            public Poller.Poll<String> poll(String taskId) {
                return state(provider, call(provider, upstream.request(base + "/v1/query/video_generation?task_id=" + encode(taskId))
                        .headers(key.header()).GET().build()));
            }
            // MiniMax has no cancel endpoint.
        });
        JsonNode file;
        try {
            file = call(provider, upstream.request(base + "/v1/files/retrieve?file_id=" + encode(fileId))
                    .headers(key.header()).GET().build());
        } catch (ProviderException e) {
            throw e.ofJob(provider.id());
        }
        String url = Upstream.text(file.path("file"), "download_url");
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered a file without a download_url");
        }
        return upstream.video(provider, url, Map.of(), task.workDir().resolve("minimax.mp4"));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode state) {
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

    /** One call: its JSON when both HTTP and {@code base_resp} say it went well, else the mapped failure. */
    private JsonNode call(ProviderSpec provider, java.net.http.HttpRequest request) {
        HttpResponse<byte[]> response = upstream.send(provider, request);
        JsonNode body = upstream.read(response.body());
        if (response.statusCode() != 200) {
            throw ERRORS.read(upstream, provider, response, response.body());
        }
        if (body == null || !body.isObject()) {
            throw ProviderException.failed(provider.id() + " answered with a body that is not the expected JSON");
        }
        int code = body.path("base_resp").path("status_code").asInt(0);
        if (code != 0 && !"Fail".equals(Upstream.text(body, "status"))) {
            // a failed task's query carries the task's own code: state() reads it as the job's outcome
            throw ERRORS.read(upstream, provider, response, response.body());
        }
        return body;
    }
}
