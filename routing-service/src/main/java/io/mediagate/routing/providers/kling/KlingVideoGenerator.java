package io.mediagate.routing.providers.kling;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Kling's official API ({@code adapter: kling}): {@code POST /v1/videos/text2video} or, with a first frame,
 * {@code /v1/videos/image2video} (the image as bare base64), then {@code GET} the same path with the
 * {@code task_id} through {@code submitted} and {@code processing} to {@code succeed}
 * ({@code task_result.videos[0].url}) or {@code failed} ({@code task_status_msg}).
 * <p>
 * Every call carries a JWT signed with the account's secret key ({@link KlingToken}): the catalog's key
 * variable holds the access key, the {@code KLING_SECRET_KEY} setting the secret key. Failures come as
 * {@code {code, message, request_id}} with Kling's service codes, read by {@link #ERRORS}. Kling has no cancel
 * and reports no progress. Offer options: {@code mode} ({@code std} or {@code pro}, default {@code std}),
 * {@code durations} (the clip lengths, required by the catalog: {@code 5,10}).
 */
public class KlingVideoGenerator implements VideoGenerator {
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

    static final String BASE = "https://api-singapore.klingai.com";
    /** The setting holding the secret key that signs the tokens. */
    public static final String SECRET_SETTING = "KLING_SECRET_KEY";
    static final List<String> RATIOS = List.of("16:9", "9:16", "1:1");
    private final Upstream upstream;
    private final Function<String, Optional<String>> settings;

    /**
     * @param settings reads a setting by name (the configuration in production)
     */
    public KlingVideoGenerator(Upstream upstream, Function<String, Optional<String>> settings) {
        this.upstream = upstream;
        this.settings = settings;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        String accessKey = Upstream.requireCredential(provider);
        String secretKey = settings.apply(SECRET_SETTING).filter(s -> !s.isBlank()).orElseThrow(() ->
                ProviderException.credentials(provider.id() + " has no " + SECRET_SETTING + " configured"));
        task.requireNoSourceVideo(provider);
        String base = Upstream.base(provider, BASE);
        String path = base + (task.image() == null ? "/v1/videos/text2video" : "/v1/videos/image2video");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model_name", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("mode", task.option("mode", "std"));
        body.put("duration", String.valueOf(Upstream.duration(task.durationSeconds(), task.option("durations", null))));
        if (task.image() == null) {
            body.put("aspect_ratio", Upstream.nearestRatio(task.width(), task.height(), RATIOS));
        } else {
            body.put("image", SourceImage.read(task.image()).base64()); // bare base64, no data: prefix
        }
        task.params().forEach(body::putIfAbsent);
        return upstream.runVideo(provider, task, "kling.mp4", new UpstreamJob<>() {
            @Override
            public String submit() {
                return Upstream.text(call(provider, upstream.postJson(path, body), accessKey, secretKey).path("data"), "task_id");
            }

            @Override
            public Poller.Poll<String> poll(String id) {
                return state(provider, call(provider, upstream.request(path + "/" + id).GET(), accessKey, secretKey).path("data"));
            }
            // Kling has no cancel endpoint.
        });
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode data) {
        String status = String.valueOf(Upstream.text(data, "task_status"));
        return switch (status) {
            case "submitted", "processing" -> Poller.pending(null);
            case "succeed" -> {
                JsonNode videos = data.path("task_result").path("videos");
                String url = videos.isArray() && !videos.isEmpty() ? Upstream.text(videos.get(0), "url") : null;
                if (url == null || url.isBlank()) {
                    throw ProviderException.failed(provider.id() + " succeeded without a video url");
                }
                yield Poller.done(url);
            }
            case "failed" -> {
                String message = Upstream.text(data, "task_status_msg");
                ProviderException known = ERRORS.ofCode(provider, null, message);
                yield Poller.failed(known != null ? known
                        : ProviderException.failed(provider.id() + " task failed" + (message == null || message.isBlank() ? "" : ": " + message)));
            }
            default -> throw ProviderException.failed(provider.id() + " answered an unknown task status " + status);
        };
    }

    /** One signed call: Kling's {@code data} envelope when HTTP and {@code code} both say it went well. */
    private JsonNode call(ProviderSpec provider, HttpRequest.Builder request, String accessKey, String secretKey) {
        String token = KlingToken.sign(accessKey, secretKey, upstream.clock().instant());
        HttpResponse<byte[]> response = upstream.send(provider, Auth.bearer().with(token).sign(request).build());
        JsonNode body = upstream.read(response.body());
        int code = body == null ? -1 : body.path("code").asInt(-1);
        if (response.statusCode() == 200 && code == 0 && body.path("data").isObject()) {
            return body;
        }
        throw ERRORS.read(upstream, provider, response, response.body());
    }
}
