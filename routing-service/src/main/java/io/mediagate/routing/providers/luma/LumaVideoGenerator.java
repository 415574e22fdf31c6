package io.mediagate.routing.providers.luma;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
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
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Luma Dream Machine generations ({@code adapter: luma}): {@code POST /generations/video}, then
 * {@code GET /generations/{id}} through {@code queued} and {@code dreaming} to {@code completed}
 * ({@code assets.video}) or {@code failed} ({@code failure_reason}); {@code DELETE /generations/{id}} to
 * cancel. Luma takes keyframe images only as public URLs, so its offers take text only. Offer option:
 * {@code durations} (the clip lengths, required by the catalog: {@code 5,9} for Ray 2).
 */
public class LumaVideoGenerator implements VideoGenerator {
    static final String MODERATION = "(?s).*(moderation|not allowed|prohibited|safety).*";
    /** Luma's errors are {@code {"detail": "..."}}; a refusal on policy grounds is worded in it. */
    private static final ErrorReader ERRORS = ErrorReader.message("/detail").moderation(MODERATION);
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.lumalabs.ai/dream-machine/v1";
    private final Upstream upstream;

    public LumaVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        if (task.image() != null || task.sourceVideo() != null) {
            throw ProviderException.failed(provider.id() + " takes inputs only as public URLs; its offers must list inputs: [text]");
        }
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("aspect_ratio", "16:9");
        body.put("resolution", task.height() <= 540 ? "540p" : task.height() + "p");
        body.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)) + "s");
        task.params().forEach(body::putIfAbsent);
        return upstream.runVideo(provider, task, "luma.mp4", new UpstreamJob<>() {
            @Override
            public String submit() {
                HttpResponse<byte[]> created = upstream.send(provider, upstream.postJson(base + "/generations/video", body)
                        .headers(key.header()).build());
                if (created.statusCode() != 200 && created.statusCode() != 201) {
                    throw failure(provider, created);
                }
                return Upstream.text(upstream.object(provider, created), "id");
            }

            @Override
            public Poller.Poll<String> poll(String id) {
                HttpResponse<byte[]> r = upstream.send(provider, upstream.request(base + "/generations/" + id).headers(key.header()).GET().build());
                if (r.statusCode() != 200) {
                    throw failure(provider, r);
                }
                return state(provider, upstream.object(provider, r));
            }

            @Override
            public void cancel(String id) {
                upstream.send(provider, upstream.request(base + "/generations/" + id).headers(key.header()).DELETE().build());
            }
        });
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode generation) {
        String state = String.valueOf(Upstream.text(generation, "state"));
        return switch (state) {
            case "queued", "dreaming" -> Poller.pending(null);
            case "completed" -> {
                String video = Upstream.text(generation.path("assets"), "video");
                if (video == null) {
                    throw ProviderException.failed(provider.id() + " completed without assets.video");
                }
                yield Poller.done(video);
            }
            case "failed" -> {
                String reason = Upstream.text(generation, "failure_reason");
                yield Poller.failed(moderation(reason) ? ProviderException.moderated("the prompt was refused by the provider's content policy")
                        : ProviderException.failed(provider.id() + " generation failed"));
            }
            default -> throw ProviderException.failed(provider.id() + " answered an unknown state " + state);
        };
    }

    /** Luma words moderation outcomes in its {@code detail} and {@code failure_reason} texts. */
    static boolean moderation(String text) {
        return text != null && text.toLowerCase(Locale.ROOT).matches(MODERATION);
    }

    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }
}
