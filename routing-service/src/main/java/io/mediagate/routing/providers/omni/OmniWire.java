package io.mediagate.routing.providers.omni;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.VideoTask;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gemini Omni's wire in the Gemini API's Interactions API, no I/O, as {@code @google/genai} 3.1.0 types it
 * ({@code CreateModelInteraction}, {@code Interaction}, {@code VideoResponseFormat}, {@code VideoConfig}): the create body from
 * our task, and an interaction as Google answers it ({@code status}; the video in the last {@code model_output} step,
 * inline {@code data} or a {@code uri}; {@code errors[]} and the step's {@code google.rpc.Status} {@code error} when it
 * failed). The SDK adds {@code output_video} itself, from the steps: it is not on the wire.
 */
final class OmniWire {
    /** {@code VideoResponseFormatAspectRatio}: Omni frames 16:9 or 9:16 (our sizes are all 16:9). */
    static final List<String> RATIOS = List.of("16:9", "9:16");

    /**
     * Google's errors, from two layers. The API front door answers the Gemini API's usual {@code {"error": {"code": 404,
     * "message", "status": "NOT_FOUND", "details"}}} (a wrong key: 400 with reason {@code API_KEY_INVALID}; a project
     * outside the served regions or without billing: 400 {@code FAILED_PRECONDITION}; both the deployment's, as for
     * {@code gemini} and {@code veo}); the Interactions API's own errors are {@code {"error": {"code": "<string>",
     * "message"}}}, the code a string ("a URI that identifies the error type", SDK) whose values Google does not publish:
     * the one seen, {@code invalid_request} on a 400, is the caller's by its status, so that table holds none of them and
     * statuses decide. Safety refusals are worded in the message only; a 429's wait may come as {@code "retryDelay": "23s"}.
     */
    static final ErrorReader ERRORS = ErrorReader.message("/error/message")
            .codes(List.of("/error/details/*/reason", "/error/status", "/error/code"), Map.of(
                    "API_KEY_INVALID", FailureClass.CREDENTIALS, "FAILED_PRECONDITION", FailureClass.CREDENTIALS,
                    "PERMISSION_DENIED", FailureClass.CREDENTIALS, "UNAUTHENTICATED", FailureClass.CREDENTIALS))
            .moderation("(?s).*(safety|responsible ai|usage guidelines|sensitive|blocked).*")
            .waitIn("\"retryDelay\"\\s*:\\s*\"([0-9]+(?:\\.[0-9]+)?)s\"");

    private OmniWire() {
    }

    /** A finished interaction's video: its bytes when Google sent them inline, else the {@code uri} to download with the key. */
    record Video(String uri, byte[] data, String mime) {}

    /**
     * The create body: the prompt alone, or with the first frame inline ({@code task: image_to_video}) or the source video
     * Google's Files API holds ({@code sourceUri}, no task: the prompt says whether to edit or continue it, and the model
     * reads it so); the clip asked for and charged for ({@code duration} {@code "<n>s"} of the offer's lengths), the
     * resolution, 16:9, {@code delivery: uri} (a video is megabytes: not in every poll's answer), run in the background.
     * A source clip keeps its own frame: no aspect ratio is sent with it. The offer's features (a {@code seed}) go into
     * {@code generation_config}.
     */
    static Map<String, Object> request(VideoTask task, SourceImage firstFrame, String sourceUri, String sourceMime) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        Map<String, Object> config = new LinkedHashMap<>(task.params());
        if (firstFrame == null && sourceUri == null) {
            body.put("input", task.prompt());
        } else {
            List<Map<String, Object>> parts = new ArrayList<>();
            if (sourceUri != null) {
                parts.add(Map.of("type", "video", "uri", sourceUri, "mime_type", sourceMime));
            }
            if (firstFrame != null) {
                parts.add(Map.of("type", "image", "data", firstFrame.base64(), "mime_type", firstFrame.mime()));
                if (sourceUri == null) {
                    config.put("video_config", Map.of("task", "image_to_video"));
                }
            }
            parts.add(Map.of("type", "text", "text", task.prompt()));
            body.put("input", parts);
        }
        Map<String, Object> format = new LinkedHashMap<>();
        format.put("type", "video");
        if (sourceUri == null) {
            format.put("aspect_ratio", Shapes.nearestRatio(task.width(), task.height(), RATIOS));
        }
        format.put("resolution", resolution(task.height()));
        format.put("duration", Shapes.duration(task.durationSeconds(), task.option("durations", null)) + "s");
        format.put("delivery", "uri");
        body.put("response_format", format);
        if (!config.isEmpty()) {
            body.put("generation_config", config);
        }
        body.put("background", true);
        return body;
    }

    /** Our size as Omni's {@code resolution} (it also makes 360p and 4k, which our sizes do not name). */
    static String resolution(int height) {
        return switch (height) {
            case 720 -> "720p";
            case 1080 -> "1080p";
            default -> throw ProviderException.rejected("Gemini Omni makes 720p or 1080p here, not a frame " + height + " high; "
                    + "the offer lists a size it does not make").offersFault();
        };
    }

    /**
     * One look at an interaction: {@code queued} and {@code in_progress} wait; {@code completed} gives the last
     * {@code model_output} step's video; every other status ended it without one. {@code edited}: the request sent a
     * source video. Google answers an edit of an uploaded video where it does not offer that (the EEA, Switzerland, the
     * UK, some US states) with a completed interaction and no video: not the caller's request, not worth asking this
     * provider again.
     */
    static Poller.Poll<Video> state(ProviderSpec provider, JsonNode interaction, boolean edited) {
        String status = String.valueOf(Shapes.text(interaction, "status"));
        return switch (status) {
            case "queued", "in_progress" -> Poller.pending(null);
            case "completed" -> {
                JsonNode output = lastModelOutput(interaction);
                ProviderException failed = output == null ? null : stepError(provider, output.get("error"));
                if (failed != null) {
                    yield Poller.failed(failed);
                }
                Video video = video(provider, output);
                if (video != null) {
                    yield Poller.done(video);
                }
                if (edited) {
                    yield Poller.failed(ProviderException.rejected(provider.id() + " made no video from the uploaded source video "
                            + "(Google does not offer edits of uploaded videos in the EEA, Switzerland, the UK and some US states)").offersFault());
                }
                yield Poller.failed(ProviderException.failed(provider.id() + " completed the interaction without a video"));
            }
            case "failed" -> Poller.failed(failure(provider, interaction));
            case "cancelled", "incomplete", "budget_exceeded", "requires_action", "requires_continuation" ->
                    Poller.failed(ProviderException.failed(provider.id() + " ended the interaction " + status + " without a video"));
            default -> throw ProviderException.failed(provider.id() + " answered an unknown interaction status " + status);
        };
    }

    /** The last {@code model_output} step, or null. */
    private static JsonNode lastModelOutput(JsonNode interaction) {
        JsonNode last = null;
        for (JsonNode step : interaction.path("steps")) {
            if ("model_output".equals(Shapes.text(step, "type"))) {
                last = step;
            }
        }
        return last;
    }

    /** The step's last video part: inline bytes (checked to be base64) or its URI; null when it holds none. */
    private static Video video(ProviderSpec provider, JsonNode step) {
        if (step == null) {
            return null;
        }
        JsonNode content = step.path("content");
        for (int i = content.size() - 1; i >= 0; i--) {
            JsonNode part = content.get(i);
            if (!"video".equals(Shapes.text(part, "type"))) {
                continue;
            }
            String mime = Shapes.text(part, "mime_type");
            String data = Shapes.text(part, "data");
            if (data != null && !data.isEmpty()) {
                try {
                    return new Video(null, Base64.getMimeDecoder().decode(data), mime);
                } catch (IllegalArgumentException e) {
                    throw ProviderException.failed(provider.id() + " sent a video that is not base64");
                }
            }
            String uri = Shapes.text(part, "uri");
            if (uri != null && !uri.isEmpty()) {
                return new Video(uri, null, mime);
            }
        }
        return null;
    }

    /** A failed interaction's reason: its {@code errors[]}, else its last output step's {@code error}. */
    private static ProviderException failure(ProviderSpec provider, JsonNode interaction) {
        for (JsonNode error : interaction.path("errors")) {
            String message = Shapes.text(error, "message");
            ProviderException known = ERRORS.ofCode(provider, Shapes.text(error, "code"), message);
            if (known != null) {
                return known;
            }
            if (message != null) {
                return ProviderException.failed(provider.id() + " failed the interaction: " + message);
            }
        }
        JsonNode output = lastModelOutput(interaction);
        ProviderException stepFailed = output == null ? null : stepError(provider, output.get("error"));
        return stepFailed != null ? stepFailed : ProviderException.failed(provider.id() + " failed the interaction");
    }

    /**
     * A step's {@code google.rpc.Status}, or null when it has none: a safety refusal is moderation, 3
     * ({@code INVALID_ARGUMENT}) the request's, 8 ({@code RESOURCE_EXHAUSTED}) a quota to wait out, anything else worth
     * another try.
     */
    private static ProviderException stepError(ProviderSpec provider, JsonNode error) {
        if (error == null || !error.isObject()) {
            return null;
        }
        String message = Shapes.text(error, "message");
        if (ERRORS.moderates(message)) {
            return ProviderException.moderated("the request was refused by the provider's content policy");
        }
        return switch (error.path("code").asInt()) {
            case 3 -> ProviderException.rejected("the provider rejected the request: " + message);
            case 8 -> ProviderException.rateLimited(provider.id() + " quota exhausted", null);
            default -> ProviderException.failed(provider.id() + " failed the interaction" + (message == null ? "" : ": " + message));
        };
    }
}
