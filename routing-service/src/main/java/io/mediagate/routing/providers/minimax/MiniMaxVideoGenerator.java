package io.mediagate.routing.providers.minimax;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    private static final Pattern BRACKETED_CODE = Pattern.compile("\\((\\d{3,5})\\)\\s*$");
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
                ProviderException coded = code(provider, state.path("base_resp").path("status_code").asInt(0),
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
            String message = body == null ? null : Upstream.text(body.path("error"), "message");
            Matcher m = message == null ? null : BRACKETED_CODE.matcher(message);
            ProviderException coded = m != null && m.find() ? code(provider, Integer.parseInt(m.group(1)), message) : null;
            throw coded != null ? coded : upstream.failure(provider, response, message);
        }
        if (body == null || !body.isObject()) {
            throw ProviderException.failed(provider.id() + " answered with a body that is not the expected JSON");
        }
        JsonNode baseResp = body.path("base_resp");
        int code = baseResp.path("status_code").asInt(0);
        if (code != 0 && !"Fail".equals(Upstream.text(body, "status"))) {
            // a failed task's query carries the task's own code: state() reads it as the job's outcome
            ProviderException coded = code(provider, code, Upstream.text(baseResp, "status_msg"));
            throw coded != null ? coded : ProviderException.failed(provider.id() + " answered status " + code);
        }
        return body;
    }

    /**
     * MiniMax's status codes: 1002 rate limit; 1004 and 2049 refused key, 1008 no balance (the provider is
     * unavailable); 1026 sensitive input, 1027 sensitive output (moderation); 2013 invalid parameters (the
     * caller's); 1000, 1001, 1024, 1033 the provider's own errors (retryable). Null for 0.
     */
    static ProviderException code(ProviderSpec provider, int code, String message) {
        return switch (code) {
            case 0 -> null;
            case 1002 -> ProviderException.rateLimited(provider.id() + " rate limit (1002)", null);
            case 1004, 2049 -> ProviderException.credentials(provider.id() + " refused our credentials");
            case 1008 -> ProviderException.quota(provider.id() + " account has no balance");
            case 1026, 1027 -> ProviderException.moderated("the request was refused by the provider's content policy");
            case 2013 -> ProviderException.rejected("the provider rejected the request" + (message == null ? "" : ": " + message));
            default -> ProviderException.failed(provider.id() + " answered status " + code);
        };
    }
}
