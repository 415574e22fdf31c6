package io.mediagate.routing.providers.replicate;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import io.mediagate.routing.providers.schema.InputSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replicate's wire, no I/O: each model's {@code input} from our task (fitted to the model's checked-in schema,
 * {@link InputSchemas}), the prediction request for a model ({@code owner/name}) or a pinned version
 * ({@code owner/name:version}), and a prediction as Replicate answers it ({@code status} {@code starting},
 * {@code processing} with progress in its {@code logs}, {@code succeeded} with a model-shaped {@code output},
 * {@code failed} with an {@code error}, {@code canceled}, {@code aborted}; its {@code urls.get} and {@code urls.cancel}).
 */
public final class ReplicateWire {
    /**
     * Replicate's errors: {@code {"title", "detail", "status"}}; a 429 words its wait in the detail ("... available in
     * 7 seconds") when it sends no Retry-After. A safety refusal, in an answer or as a failed prediction's {@code error},
     * is worded so.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/detail").waitIn("available in (\\d+) second")
            .moderation("(?s).*(nsfw|sensitive|safety|flagged).*");
    private static final String ADAPTER = "replicate";
    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3})%");

    private ReplicateWire() {
    }

    /** A generation: the size as width and height, or as an aspect ratio where the offer's {@code size} option says so ({@link #shape}). */
    static Map<String, Object> generation(ImageTask task) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        if ("aspect_ratio".equals(task.option("size", "width_height"))) {
            shape(task.upstreamModel(), task.width(), task.height(), input);
        } else {
            input.put("width", task.width());
            input.put("height", task.height());
        }
        if (task.n() > 1) {
            input.put("num_outputs", task.n());
        }
        return InputSchemas.fitted(ADAPTER, task.upstreamModel(), task.options(), task.params(), input);
    }

    /**
     * An edit on a model that takes images: the sources inline as data URIs under the offer's {@code imageField} (default
     * {@code input_image}; a field ending in {@code s}, such as {@code input_images}, gets them all), the mask (white where
     * the image changes) under {@code maskField} (default {@code mask}), and the size as an aspect ratio.
     */
    static Map<String, Object> edit(ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> input = InputSchemas.editInput(task, images, mask, "input_image", "mask");
        input.put("aspect_ratio", Shapes.ratio(task.width(), task.height()));
        return InputSchemas.fitted(ADAPTER, task.upstreamModel(), task.options(), task.params(), input);
    }

    /**
     * A video: the clip length, the shape, the first frame (a data URI, or null) under the offer's {@code imageField}, and the
     * last frame ({@code lastFrame}, a data URI, or null) under its {@code lastFrameField} ({@code last_frame_image} for Hailuo
     * 02); an offer that names no such field cannot end on a picture, and is passed over.
     */
    static Map<String, Object> video(VideoTask task, String firstFrame, String lastFrame) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        input.put("duration", Shapes.duration(task.durationSeconds(), task.option("durations", null)));
        input.put("aspect_ratio", Shapes.named(task.width(), task.height()));
        if (firstFrame != null) {
            input.put(task.option("imageField", "image"), firstFrame);
        }
        if (lastFrame != null) {
            String field = task.option("lastFrameField", null);
            if (field == null) {
                throw ProviderException.rejected(task.upstreamModel() + " has no last frame field (the offer names no lastFrameField)").offersFault();
            }
            input.put(field, lastFrame);
        }
        return InputSchemas.fitted(ADAPTER, task.upstreamModel(), task.options(), task.params(), input);
    }

    /** A video: the clip length, the shape, the first frame (a data URI, or null) under the offer's {@code imageField}. */
    static Map<String, Object> video(VideoTask task, String firstFrame) {
        return video(task, firstFrame, null);
    }

    /**
     * The shape as an aspect ratio: the size's own ratio where the model takes it, else {@code custom} with the width and
     * height where the model takes those (FLUX 1.1 Pro); a ratio the model does not take is refused when the input is
     * fitted to its schema.
     */
    public static void shape(String model, int width, int height, Map<String, Object> input) {
        String ratio = Shapes.ratio(width, height);
        var schema = InputSchemas.of(ADAPTER, model);
        boolean custom = schema.isPresent() && !schema.get().allows("aspect_ratio", ratio) && schema.get().allows("aspect_ratio", "custom")
                && schema.get().takes("width") && schema.get().takes("height");
        if (custom) {
            input.put("aspect_ratio", "custom");
            input.put("width", width);
            input.put("height", height);
        } else {
            input.put("aspect_ratio", ratio);
        }
    }

    /** Where a prediction of {@code model} is created: the model's endpoint, or {@code /predictions} for a pinned version. */
    static String endpoint(String base, String model) {
        return model.indexOf(':') > 0 ? base + "/predictions" : base + "/models/" + model + "/predictions";
    }

    /** {@code POST /predictions} (with the pinned {@code version}) or the model's endpoint: the model-shaped {@code input}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String version, Map<String, Object> input) {}

    /** A prediction's status; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("starting") STARTING,
        @JsonProperty("processing") PROCESSING,
        @JsonProperty("succeeded") SUCCEEDED,
        @JsonProperty("failed") FAILED,
        @JsonProperty("canceled") CANCELED,
        @JsonProperty("aborted") ABORTED,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** A prediction: the fields read of it ({@code output} is model-shaped, {@link #collect}). */
    record Prediction(Status status, String logs, JsonNode output, String error, Urls urls) {}

    record Urls(String get, String cancel) {}

    /** The prediction request: {@code version} for a pinned version, and the {@code input}. */
    static Request prediction(String model, Map<String, Object> input) {
        int colon = model.indexOf(':');
        return new Request(colon > 0 ? model.substring(colon + 1) : null, input);
    }

    /** The URLs of a created prediction: {@code urls.get} (required) and {@code urls.cancel}. */
    static JobUrls urls(ProviderSpec provider, JsonNode answer) {
        Urls urls = WireJson.read(provider, answer, Prediction.class).urls();
        if (urls == null || urls.get() == null) {
            throw ProviderException.failed(provider.id() + " answered a prediction without urls.get");
        }
        return new JobUrls(urls.get(), null, urls.cancel());
    }

    /** One look at a prediction: pending (with the last percentage of its logs), its output URLs, or how it ended. */
    static Poller.Poll<List<String>> state(ProviderSpec provider, JsonNode answer) {
        Prediction prediction = WireJson.read(provider, answer, Prediction.class);
        Status status = prediction.status() == null ? Status.UNKNOWN : prediction.status();
        return switch (status) {
            case STARTING -> Poller.pending(null);
            case PROCESSING -> Poller.pending(percent(prediction.logs()));
            case SUCCEEDED -> {
                List<String> urls = new ArrayList<>();
                collect(prediction.output(), urls);
                if (urls.isEmpty()) {
                    throw ProviderException.failed(provider.id() + " succeeded without an output URL");
                }
                yield Poller.done(urls);
            }
            case FAILED -> {
                if (ERRORS.moderates(prediction.error())) {
                    throw ProviderException.moderated("the prompt was refused by the provider's content policy");
                }
                yield Poller.failed(ProviderException.failed(provider.id() + " prediction failed"));
            }
            case CANCELED, ABORTED -> Poller.failed(ProviderException.failed(provider.id() + " prediction was "
                    + Shapes.text(answer, "status")));
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
        };
    }

    /** Output is model-shaped: a URL, a list of them, or objects holding them. */
    static void collect(JsonNode output, List<String> urls) {
        if (output == null || output.isNull()) {
            return;
        }
        if (output.isTextual()) {
            String v = output.asText();
            if (v.startsWith("https://") || v.startsWith("http://")) {
                urls.add(v);
            }
        } else if (output.isContainerNode()) {
            output.forEach(child -> collect(child, urls));
        }
    }

    /** The last percentage in the logs (model progress bars), if any. */
    static Integer percent(String logs) {
        if (logs == null) {
            return null;
        }
        Matcher m = PERCENT.matcher(logs);
        Integer last = null;
        while (m.find()) {
            last = Integer.parseInt(m.group(1));
        }
        return last;
    }
}
