package io.mediagate.routing.providers.fal;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.ImageSources;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import io.mediagate.routing.providers.schema.InputSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fal's queue wire, no I/O: each endpoint's input from our task (fitted to the endpoint's checked-in schema,
 * {@link InputSchemas}), the queue's answer to a submission (its {@code status_url}, {@code response_url} and
 * {@code cancel_url}), a status ({@code IN_QUEUE}, {@code IN_PROGRESS}, {@code COMPLETED}) and a completed result
 * ({@code images[].url} with {@code has_nsfw_concepts}, or {@code video.url}).
 */
public final class FalWire {
    /**
     * fal's errors, two shapes: a model's {@code {"detail": [{loc, msg, type}]}} (the field faulted is the last of
     * {@code loc}; type {@code content_policy_violation} is moderation) and the platform's {@code {"detail", "error_type"}}
     * (also in {@code X-Fal-Error-Type}): its runner, timeout and connection failures are fal's, a {@code bad_request} is
     * a request we built wrong.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/detail/0/msg", "/detail")
            .codeHeader("X-Fal-Error-Type")
            .codes(List.of("/error_type", "/detail/*/type"), codes())
            .param("/detail/0/loc");

    private static Map<String, FailureClass> codes() {
        Map<String, FailureClass> codes = new HashMap<>();
        for (String platform : List.of("request_timeout", "startup_timeout", "runner_scheduling_failure", "runner_connection_timeout",
                "runner_disconnected", "runner_connection_refused", "runner_connection_error", "runner_incomplete_response",
                "runner_server_error", "client_disconnected", "client_cancelled", "internal_error")) {
            codes.put(platform, FailureClass.TRANSIENT);
        }
        codes.put("bad_request", FailureClass.REJECTED);
        codes.put("content_policy_violation", FailureClass.MODERATION);
        return Map.copyOf(codes);
    }

    private FalWire() {
    }

    /**
     * A generation: the size as {@code image_size} {width, height}, or as an {@code aspect_ratio} where the offer's
     * {@code size} option says so (FLUX Kontext's text-to-image endpoint).
     */
    static Map<String, Object> generation(ImageTask task) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        if ("aspect_ratio".equals(task.option("size", "image_size"))) {
            input.put("aspect_ratio", Shapes.ratio(task.width(), task.height()));
        } else {
            input.put("image_size", Map.of("width", task.width(), "height", task.height()));
        }
        input.put("num_images", task.n());
        return InputSchemas.fitted("fal", task.upstreamModel(), task.options(), task.params(), input);
    }

    /**
     * An edit on a model that takes images: the sources inline as data URIs under the offer's {@code imageField}
     * (default {@code image_url}; a field ending in {@code s}, such as {@code image_urls}, gets them all), the mask (white
     * where the image changes) under {@code maskField} (default {@code mask_url}).
     */
    static Map<String, Object> edit(ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> input = InputSchemas.editInput(task, images, mask, "image_url", "mask_url");
        input.put("num_images", task.n());
        return InputSchemas.fitted("fal", task.upstreamModel(), task.options(), task.params(), input);
    }

    /** A video: the clip length, the shape, the first frame as a data URI when there is one ({@code firstFrame}, or null). */
    static Map<String, Object> video(VideoTask task, String firstFrame) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        int seconds = Shapes.duration(task.durationSeconds(), task.option("durations", null));
        input.put("duration", task.option("durationFormat", "string").equals("number") ? (Object) seconds : String.valueOf(seconds));
        input.put("aspect_ratio", Shapes.named(task.width(), task.height()));
        if (firstFrame != null) {
            input.put("image_url", firstFrame);
        }
        return InputSchemas.fitted("fal", task.upstreamModel(), task.options(), task.params(), input);
    }

    /**
     * A utility on a picture ({@code source}, inline as a data URI under {@code image_url}): an upscale asks for the smallest
     * whole {@code upscale_factor} that reaches the task's size (routing fits the result to it exactly) and a PNG; a background
     * removal sends the picture alone. A target over the offer's {@code maxPixels} option (the most its price is for, as Topaz's
     * tiers on fal) is this offer's fault, so routing tries another.
     */
    static Map<String, Object> utility(ImageTask task, String operation, SourceImage source) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("image_url", source.dataUri());
        if (ImageSources.UPSCALE.equals(operation)) {
            long most = Long.parseLong(task.option("maxPixels", String.valueOf(Long.MAX_VALUE)));
            if ((long) task.width() * task.height() > most) {
                throw ProviderException.rejected("this fal offer upscales to at most " + most + " pixels, not " + task.width() + "x"
                        + task.height(), "size").offersFault();
            }
            int factor = (int) Math.ceil(Math.max((double) task.width() / source.width(), (double) task.height() / source.height()) - 1e-9);
            input.put("upscale_factor", Math.max(1, Math.min(4, factor)));
            input.put("output_format", "png");
        }
        return InputSchemas.fitted("fal", task.upstreamModel(), task.options(), Map.of(), input);
    }

    /** The queue's answer to a submission: where to look, read the result and cancel. */
    record Queued(@JsonProperty("status_url") String statusUrl, @JsonProperty("response_url") String responseUrl,
                  @JsonProperty("cancel_url") String cancelUrl) {}

    /** A request's status in the queue; one this version does not know reads as {@code UNKNOWN}. */
    enum Status { IN_QUEUE, IN_PROGRESS, COMPLETED, @JsonEnumDefaultValue UNKNOWN }

    record StatusAnswer(Status status) {}

    /** A completed result: images (with the safety checker's verdict on each), one image (a utility's) or a video. */
    record Result(List<File> images, @JsonProperty("has_nsfw_concepts") List<Boolean> nsfw, File video, File image) {}

    record File(String url) {}

    /** The URLs the queue answered for a submission, used as returned (they drop the endpoint's sub-path). */
    static JobUrls queued(ProviderSpec provider, JsonNode answer) {
        Queued queued = WireJson.read(provider, answer, Queued.class);
        if (queued.responseUrl() == null) {
            throw ProviderException.failed(provider.id() + " answered without a response_url");
        }
        return new JobUrls(queued.statusUrl(), queued.responseUrl(), queued.cancelUrl());
    }

    /** Whether a status says the request completed (false while it is queued or running). */
    static boolean completed(ProviderSpec provider, JsonNode answer) {
        Status status = WireJson.read(provider, answer, StatusAnswer.class).status();
        return switch (status == null ? Status.UNKNOWN : status) {
            case IN_QUEUE, IN_PROGRESS -> false;
            case COMPLETED -> true;
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
        };
    }

    /**
     * The images of a completed result. When fal's safety checker flagged every one, the request still completed at fal,
     * which bills completed requests: the output was made, then withheld (moderation the provider charges for).
     */
    static List<String> imageUrls(ProviderSpec provider, JsonNode answer) {
        Result result = WireJson.read(provider, answer, Result.class);
        List<Boolean> nsfw = result.nsfw();
        if (nsfw != null && !nsfw.isEmpty() && nsfw.stream().allMatch(Boolean.TRUE::equals)) {
            throw ProviderException.moderated("the result was withheld by the provider's safety checker").charged();
        }
        List<String> urls = new ArrayList<>();
        if (result.image() != null && result.image().url() != null) {
            urls.add(result.image().url());
        }
        for (File image : result.images() == null ? List.<File>of() : result.images()) {
            if (image != null && image.url() != null) {
                urls.add(image.url());
            }
        }
        if (urls.isEmpty()) {
            throw ProviderException.failed(provider.id() + " answered without images");
        }
        return urls;
    }

    /** The video of a completed result. */
    static String videoUrl(ProviderSpec provider, JsonNode answer) {
        Result result = WireJson.read(provider, answer, Result.class);
        String url = result.video() == null ? null : result.video().url();
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered without a video");
        }
        return url;
    }
}
