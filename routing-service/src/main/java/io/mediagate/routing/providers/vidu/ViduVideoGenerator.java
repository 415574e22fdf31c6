package io.mediagate.routing.providers.vidu;

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
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Vidu's API ({@code adapter: vidu}): {@code POST /ent/v2/text2video} or, with a first frame,
 * {@code /ent/v2/img2video} (the image as a {@code data:} URI in {@code images}), with {@code Authorization: Token
 * <key>}; then {@code GET /ent/v2/tasks/{id}/creations} through {@code created}, {@code queueing} and
 * {@code processing} to {@code success} ({@code creations[0].url}) or {@code failed} ({@code err_code});
 * {@code POST /ent/v2/tasks/{id}/cancel} to cancel. Errors are {@code {code, reason, message, metadata}}, read by
 * {@link #reason}. Offer options: {@code durations} (Vidu Q1 makes 5 s only), {@code ratios} (default
 * {@code 16:9,9:16,1:1}).
 */
public class ViduVideoGenerator implements VideoGenerator {
    private static final List<String> IMAGE_FAULTS = List.of("ImageFormatInvalid", "ImageDownloadFailure", "ImageCheckBodyJointsFailed",
            "ImageCheckFaceFailed", "ImageObjectsUndetected");

    /**
     * Vidu's error reasons ({@code {"reason", "message"}}, and a failed task's {@code err_code}): refused prompt, input or
     * output (moderation); no credits (quota); concurrency, rate or system limits (rate limited); refused key; the
     * request's own faults, those of the image naming it. Other reasons are read by the HTTP status.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/message").codes("/reason", reasons())
            .faults(IMAGE_FAULTS.stream().collect(java.util.stream.Collectors.toMap(r -> r, r -> "image")));

    private static Map<String, FailureClass> reasons() {
        Map<String, FailureClass> reasons = new java.util.HashMap<>();
        List.of("TaskPromptPolicyViolation", "AuditSubmitIllegal", "CreationPolicyViolation").forEach(r -> reasons.put(r, FailureClass.MODERATION));
        reasons.put("CreditInsufficient", FailureClass.QUOTA);
        List.of("QuotaExceeded", "TooManyRequests", "SystemThrottling").forEach(r -> reasons.put(r, FailureClass.RATE_LIMITED));
        List.of("Unauthorized", "Forbidden").forEach(r -> reasons.put(r, FailureClass.CREDENTIALS));
        List.of("BadRequest", "FieldLacking", "FieldUnwanted", "FieldInvalid", "FieldItemCountOutOfRange", "PageSizeOutOfRange")
                .forEach(r -> reasons.put(r, FailureClass.CALLER_ERROR));
        IMAGE_FAULTS.forEach(r -> reasons.put(r, FailureClass.CALLER_ERROR));
        return Map.copyOf(reasons);
    }

    private static final Auth AUTH = Auth.header("Authorization", "Token ");
    static final String BASE = "https://api.vidu.com";
    private final Upstream upstream;

    public ViduVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        task.requireNoSourceVideo(provider);
        String base = Upstream.base(provider, BASE);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        body.put("resolution", task.height() >= 1080 ? "1080p" : task.height() >= 720 ? "720p" : "540p");
        if (task.image() == null) {
            List<String> ratios = Arrays.stream(task.option("ratios", "16:9,9:16,1:1").split(",")).map(String::trim).toList();
            body.put("aspect_ratio", Upstream.nearestRatio(task.width(), task.height(), ratios));
        } else {
            body.put("images", List.of(Upstream.dataUri(task.image())));
        }
        task.params().forEach(body::putIfAbsent);
        String path = task.image() == null ? "/ent/v2/text2video" : "/ent/v2/img2video";
        return upstream.runVideo(provider, task, "vidu.mp4", new UpstreamJob<>() {
            @Override
            public String submit() {
                return Upstream.text(call(provider, upstream.postJson(base + path, body).headers(key.header()).build()), "task_id");
            }

            @Override
            public Poller.Poll<String> poll(String id) {
                return state(provider, call(provider, upstream.request(base + "/ent/v2/tasks/" + id + "/creations").headers(key.header())
                        .GET().build()));
            }

            @Override
            public void cancel(String id) {
                upstream.send(provider, upstream.postJson(base + "/ent/v2/tasks/" + id + "/cancel", Map.of("id", id))
                        .headers(key.header()).build());
            }
        });
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode task) {
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

    /** One call: its JSON object on a 200, else the failure its {@code reason} (or HTTP status) names. */
    private JsonNode call(ProviderSpec provider, java.net.http.HttpRequest request) {
        HttpResponse<byte[]> response = upstream.send(provider, request);
        if (response.statusCode() == 200) {
            return upstream.object(provider, response);
        }
        throw ERRORS.read(upstream, provider, response, response.body());
    }
}
