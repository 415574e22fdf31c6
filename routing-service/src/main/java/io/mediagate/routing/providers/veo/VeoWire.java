package io.mediagate.routing.providers.veo;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.gemini.GoogleErrors;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Veo's wire in the Gemini API, no I/O: the {@code predictLongRunning} request from our task, and the long-running
 * operation as Google answers it ({@code done}, an {@code error} status, or {@code response.generateVideoResponse}
 * with {@code generatedSamples[0].video.uri}, or {@code raiMediaFilteredCount} when Google's safety checks withheld it).
 */
final class VeoWire {
    private VeoWire() {
    }

    /** The request: one instance (the prompt, the first frame as base64 when there is one), 16:9, the resolution, the clip length. */
    static Map<String, Object> request(VideoTask task, byte[] firstFrame) {
        Map<String, Object> instance = new LinkedHashMap<>();
        instance.put("prompt", task.prompt());
        if (firstFrame != null) {
            instance.put("image", Map.of("bytesBase64Encoded", Base64.getEncoder().encodeToString(firstFrame),
                    "mimeType", ContentSniffer.mime(firstFrame).orElse("image/png")));
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("aspectRatio", "16:9");
        parameters.put("resolution", task.height() >= 1080 ? "1080p" : "720p");
        parameters.put("durationSeconds", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        task.params().forEach(parameters::putIfAbsent);
        return Map.of("instances", List.of(instance), "parameters", parameters);
    }

    /** One look at the operation: pending, the sample's URI, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode operation) {
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
}
