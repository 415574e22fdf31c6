package io.mediagate.routing.providers.veo;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import io.mediagate.routing.providers.gemini.GoogleErrors;
import java.util.Base64;
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

    /** {@code POST models/{model}:predictLongRunning}: one instance and the parameters. */
    record Request(List<Instance> instances, Parameters parameters) {}

    /** The prompt, and the first frame as base64 when there is one. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Instance(String prompt, Image image) {}

    record Image(String bytesBase64Encoded, String mimeType) {}

    /** 16:9, the resolution, the clip length; the offer's free parameters follow the declared fields. */
    record Parameters(String aspectRatio, String resolution, int durationSeconds, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** The long-running operation: the fields read of it. */
    record Operation(boolean done, Status error, Response response) {}

    /** A {@code google.rpc.Status}. */
    record Status(int code, String message) {}

    record Response(GenerateVideoResponse generateVideoResponse) {}

    record GenerateVideoResponse(List<Sample> generatedSamples, int raiMediaFilteredCount) {}

    record Sample(Video video) {}

    record Video(String uri) {}

    /** The request: one instance (the prompt, the first frame as base64 when there is one), 16:9, the resolution, the clip length. */
    static Request request(VideoTask task, byte[] firstFrame) {
        Image image = firstFrame == null ? null : new Image(Base64.getEncoder().encodeToString(firstFrame),
                ContentSniffer.mime(firstFrame).orElse("image/png"));
        return new Request(List.of(new Instance(task.prompt(), image)), new Parameters("16:9", task.height() >= 1080 ? "1080p" : "720p",
                Shapes.duration(task.durationSeconds(), task.option("durations", null)), WireJson.extra(task.params(), Parameters.class)));
    }

    /** One look at the operation: pending, the sample's URI, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Operation operation = WireJson.read(provider, answer, Operation.class);
        if (!operation.done()) {
            return Poller.pending(null);
        }
        if (operation.error() != null) {
            return Poller.failed(operationError(provider, operation.error()));
        }
        GenerateVideoResponse response = operation.response() == null ? null : operation.response().generateVideoResponse();
        if (response != null && response.generatedSamples() != null && !response.generatedSamples().isEmpty()) {
            Sample sample = response.generatedSamples().getFirst();
            String uri = sample == null || sample.video() == null ? null : sample.video().uri();
            if (uri != null) {
                return Poller.done(uri);
            }
        }
        if (response != null && response.raiMediaFilteredCount() > 0) {
            return Poller.failed(ProviderException.moderated("the video was withheld by the provider's safety filters"));
        }
        throw ProviderException.failed(provider.id() + " finished without a video");
    }

    /** A finished operation's {@code google.rpc.Status}: code 3 is the input, 8 a quota, safety wording moderation. */
    static ProviderException operationError(ProviderSpec provider, Status error) {
        if (GoogleErrors.ERRORS.moderates(error.message())) {
            return ProviderException.moderated("the request was refused by the provider's content policy");
        }
        return switch (error.code()) {
            case 3 -> ProviderException.rejected("the provider rejected the request: " + error.message());
            case 8 -> ProviderException.rateLimited(provider.id() + " quota exhausted", null);
            default -> ProviderException.failed(provider.id() + " operation failed");
        };
    }
}
