package io.mediagate.routing.providers.omni;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import java.util.ArrayList;
import java.util.Base64;
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

    /** {@code CreateModelInteraction}: {@code input} is the prompt alone, or its {@link Part}s. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, Object input, @JsonProperty("response_format") Format responseFormat,
                   @JsonProperty("generation_config") GenerationConfig generationConfig, boolean background) {}

    /** One part of the input: text, an inline image or a video Google's Files API holds. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Part(String type, String text, String data, String uri, @JsonProperty("mime_type") String mimeType) {
        static Part text(String text) {
            return new Part("text", text, null, null, null);
        }

        static Part image(SourceImage image) {
            return new Part("image", null, image.base64(), null, image.mime());
        }

        static Part video(String uri, String mime) {
            return new Part("video", null, null, uri, mime);
        }
    }

    /** {@code VideoResponseFormat}; a source clip keeps its own frame, so no {@code aspect_ratio} is sent with it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Format(String type, @JsonProperty("aspect_ratio") String aspectRatio, String resolution, String duration, String delivery) {}

    /** {@code generation_config}: the video's task, and the offer's features beside it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record GenerationConfig(@JsonProperty("video_config") VideoConfig videoConfig, @JsonAnyGetter Map<String, Object> extra) {
        boolean isEmpty() {
            return videoConfig == null && extra.isEmpty();
        }
    }

    record VideoConfig(String task) {}

    /** An interaction's {@code status}; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("queued") QUEUED,
        @JsonProperty("in_progress") IN_PROGRESS,
        @JsonProperty("completed") COMPLETED,
        @JsonProperty("failed") FAILED,
        @JsonProperty("cancelled") CANCELLED,
        @JsonProperty("incomplete") INCOMPLETE,
        @JsonProperty("budget_exceeded") BUDGET_EXCEEDED,
        @JsonProperty("requires_action") REQUIRES_ACTION,
        @JsonProperty("requires_continuation") REQUIRES_CONTINUATION,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code Interaction}: the fields read of it. */
    record Interaction(Status status, List<Step> steps, List<Problem> errors) {
        /** The last {@code model_output} step, or null. */
        Step lastModelOutput() {
            Step last = null;
            for (Step step : steps == null ? List.<Step>of() : steps) {
                if ("model_output".equals(step.type())) {
                    last = step;
                }
            }
            return last;
        }
    }

    /** A step: its {@code content} parts, and a {@code google.rpc.Status} when it failed. */
    record Step(String type, List<Part> content, RpcStatus error) {}

    /** {@code google.rpc.Status}: its code read as text, whichever way Google writes it. */
    record RpcStatus(String code, String message) {}

    /** One of the interaction's {@code errors}: a code Google does not enumerate, and a message. */
    record Problem(String code, String message) {}

    /**
     * The create body: the prompt alone, or with the first frame inline ({@code task: image_to_video}) or the source video
     * Google's Files API holds ({@code sourceUri}, no task: the prompt says whether to edit or continue it, and the model
     * reads it so); the clip asked for and charged for ({@code duration} {@code "<n>s"} of the offer's lengths), the
     * resolution, 16:9, {@code delivery: uri} (a video is megabytes: not in every poll's answer), run in the background.
     * A source clip keeps its own frame: no aspect ratio is sent with it. The offer's features (a {@code seed}) go into
     * {@code generation_config}.
     */
    static Request request(VideoTask task, SourceImage firstFrame, String sourceUri, String sourceMime) {
        Object input;
        VideoConfig videoConfig = null;
        if (firstFrame == null && sourceUri == null) {
            input = task.prompt();
        } else {
            List<Part> parts = new ArrayList<>();
            if (sourceUri != null) {
                parts.add(Part.video(sourceUri, sourceMime));
            }
            if (firstFrame != null) {
                parts.add(Part.image(firstFrame));
                if (sourceUri == null) {
                    videoConfig = new VideoConfig("image_to_video");
                }
            }
            parts.add(Part.text(task.prompt()));
            input = parts;
        }
        Format format = new Format("video", sourceUri == null ? Shapes.nearestRatio(task.width(), task.height(), RATIOS) : null,
                resolution(task.height()), Shapes.duration(task.durationSeconds(), task.option("durations", null)) + "s", "uri");
        GenerationConfig config = new GenerationConfig(videoConfig, WireJson.extra(task.params(), GenerationConfig.class));
        return new Request(task.upstreamModel(), input, format, config.isEmpty() ? null : config, true);
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
    static Poller.Poll<Video> state(ProviderSpec provider, JsonNode answer, boolean edited) {
        Interaction interaction = WireJson.read(provider, answer, Interaction.class);
        Status status = interaction.status() == null ? Status.UNKNOWN : interaction.status();
        return switch (status) {
            case QUEUED, IN_PROGRESS -> Poller.pending(null);
            case COMPLETED -> {
                Step output = interaction.lastModelOutput();
                ProviderException failed = output == null ? null : stepError(provider, output.error());
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
            case FAILED -> Poller.failed(failure(provider, interaction));
            case CANCELLED, INCOMPLETE, BUDGET_EXCEEDED, REQUIRES_ACTION, REQUIRES_CONTINUATION ->
                    Poller.failed(ProviderException.failed(provider.id() + " ended the interaction " + Shapes.text(answer, "status")
                            + " without a video"));
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown interaction status "
                    + Shapes.text(answer, "status"));
        };
    }

    /** The step's last video part: inline bytes (checked to be base64) or its URI; null when it holds none. */
    private static Video video(ProviderSpec provider, Step step) {
        List<Part> content = step == null || step.content() == null ? List.of() : step.content();
        for (Part part : content.reversed()) {
            if (part == null || !"video".equals(part.type())) {
                continue;
            }
            if (part.data() != null && !part.data().isEmpty()) {
                try {
                    return new Video(null, Base64.getMimeDecoder().decode(part.data()), part.mimeType());
                } catch (IllegalArgumentException e) {
                    throw ProviderException.failed(provider.id() + " sent a video that is not base64");
                }
            }
            if (part.uri() != null && !part.uri().isEmpty()) {
                return new Video(part.uri(), null, part.mimeType());
            }
        }
        return null;
    }

    /** A failed interaction's reason: its {@code errors[]}, else its last output step's {@code error}. */
    private static ProviderException failure(ProviderSpec provider, Interaction interaction) {
        for (Problem error : interaction.errors() == null ? List.<Problem>of() : interaction.errors()) {
            if (error == null) {
                continue;
            }
            ProviderException known = ERRORS.ofCode(provider, error.code(), error.message());
            if (known != null) {
                return known;
            }
            if (error.message() != null) {
                return ProviderException.failed(provider.id() + " failed the interaction: " + error.message());
            }
        }
        Step output = interaction.lastModelOutput();
        ProviderException stepFailed = output == null ? null : stepError(provider, output.error());
        return stepFailed != null ? stepFailed : ProviderException.failed(provider.id() + " failed the interaction");
    }

    /**
     * A step's {@code google.rpc.Status}, or null when it has none: a safety refusal is moderation, 3
     * ({@code INVALID_ARGUMENT}) the request's, 8 ({@code RESOURCE_EXHAUSTED}) a quota to wait out, anything else worth
     * another try.
     */
    private static ProviderException stepError(ProviderSpec provider, RpcStatus error) {
        if (error == null) {
            return null;
        }
        String message = error.message();
        if (ERRORS.moderates(message)) {
            return ProviderException.moderated("the request was refused by the provider's content policy");
        }
        return switch (String.valueOf(error.code())) {
            case "3" -> ProviderException.rejected("the provider rejected the request: " + message);
            case "8" -> ProviderException.rateLimited(provider.id() + " quota exhausted", null);
            default -> ProviderException.failed(provider.id() + " failed the interaction" + (message == null ? "" : ": " + message));
        };
    }
}
