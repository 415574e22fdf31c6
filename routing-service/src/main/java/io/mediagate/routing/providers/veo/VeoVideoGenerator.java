package io.mediagate.routing.providers.veo;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.gemini.GoogleErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Google Veo through the Gemini API ({@code adapter: veo}): {@code POST /models/{model}:predictLongRunning}
 * with {@code x-goog-api-key}, then {@code GET /{operation name}} until {@code done}; the sample's URI is
 * downloaded with the key (only ever to the API's own host). Samples filtered by Google's safety checks
 * ({@code raiMediaFilteredCount}) are moderation. The Gemini API has no cancel for these operations: a
 * cancelled job stops waiting and leaves the operation to finish. Offer option: {@code durations}
 * (the clip lengths the model makes, required by the catalog: {@code 4,6,8} for Veo 3.1).
 */
public class VeoVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.header("x-goog-api-key");
    static final String BASE = "https://generativelanguage.googleapis.com/v1beta";
    private final Upstream upstream;

    public VeoVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        Map<String, Object> instance = new LinkedHashMap<>();
        instance.put("prompt", task.prompt());
        if (task.image() != null) {
            instance.put("image", image(task));
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("aspectRatio", "16:9");
        parameters.put("resolution", task.height() >= 1080 ? "1080p" : "720p");
        parameters.put("durationSeconds", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        task.params().forEach(parameters::putIfAbsent);
        Map<String, Object> body = Map.of("instances", List.of(instance), "parameters", parameters);
        String uri = upstream.run(provider, task.control(), new UpstreamJob<>() {
            @Override
            public String submit() {
                HttpResponse<byte[]> created = upstream.send(provider, upstream.postJson(
                        base + "/models/" + task.upstreamModel() + ":predictLongRunning", body).headers(key.header()).build());
                if (created.statusCode() != 200) {
                    throw failure(provider, created);
                }
                return Upstream.text(upstream.object(provider, created), "name"); // the operation's name
            }

            @Override
            public Poller.Poll<String> poll(String name) {
                HttpResponse<byte[]> r = upstream.send(provider, upstream.request(base + "/" + name).headers(key.header()).GET().build());
                if (r.statusCode() != 200) {
                    throw failure(provider, r);
                }
                return state(provider, upstream.object(provider, r));
            }
            // The Gemini API's operations for Veo cannot be cancelled.
        });
        Upstream.sameService(provider, base, uri);
        return upstream.video(provider, uri, key.asHeaders(), task.workDir().resolve("veo.mp4"));
    }

    private static Map<String, Object> image(VideoTask task) {
        try {
            byte[] bytes = Files.readAllBytes(task.image());
            return Map.of("bytesBase64Encoded", Base64.getEncoder().encodeToString(bytes),
                    "mimeType", ContentSniffer.mime(bytes).orElse("image/png"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode operation) {
        if (!operation.path("done").asBoolean(false)) {
            return Poller.pending(null);
        }
        JsonNode error = operation.get("error");
        if (error != null && error.isObject()) {
            return Poller.failed(operationError(provider, error));
        }
        JsonNode response = operation.path("response").path("generateVideoResponse");
        JsonNode samples = response.path("generatedSamples");
        if (samples.isArray() && !samples.isEmpty()) {
            String uri = Upstream.text(samples.get(0).path("video"), "uri");
            if (uri != null) {
                return Poller.done(uri);
            }
        }
        if (response.path("raiMediaFilteredCount").asInt(0) > 0) {
            return Poller.failed(ProviderException.moderated("the video was withheld by the provider's safety filters"));
        }
        throw ProviderException.failed(provider.id() + " finished without a video");
    }

    /** A finished operation's {@code google.rpc.Status}: code 3 is the input, 8 a quota, safety wording moderation. */
    static ProviderException operationError(ProviderSpec provider, JsonNode error) {
        if (GoogleErrors.ERRORS.moderates(Upstream.text(error, "message"))) {
            return ProviderException.moderated("the request was refused by the provider's content policy");
        }
        return switch (error.path("code").asInt()) {
            case 3 -> ProviderException.rejected("the provider rejected the request: " + Upstream.text(error, "message"));
            case 8 -> ProviderException.rateLimited(provider.id() + " quota exhausted", null);
            default -> ProviderException.failed(provider.id() + " operation failed");
        };
    }

    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return GoogleErrors.ERRORS.read(upstream, provider, response, response.body());
    }
}
