package io.mediagate.routing.providers.fal;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fal.ai's queue ({@code adapter: fal}), images and video: submit to {@code queue.fal.run/{model}} with
 * {@code Authorization: Key}, poll the returned {@code status_url}, read the {@code response_url} (which may
 * still hold an error), cancel at {@code cancel_url}. The URLs are used as returned: they drop sub-paths.
 * Images are asked for at {@code image_size} {width, height}, or as an {@code aspect_ratio} where the offer's
 * {@code size} option says so (FLUX Kontext's text-to-image endpoint). Offer options named {@code input.<field>} are
 * sent as inputs as they are ({@link Upstream#fixedInputs}).
 */
public class FalGenerator implements ImageGenerator, ImageEditor, VideoGenerator {
    private static final Auth AUTH = Auth.header("Authorization", "Key ");
    static final String BASE = "https://queue.fal.run";
    private final Upstream upstream;

    public FalGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        if ("aspect_ratio".equals(task.option("size", "image_size"))) {
            input.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        } else {
            input.put("image_size", Map.of("width", task.width(), "height", task.height()));
        }
        input.put("num_images", task.n());
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        return images(provider, run(provider, task.upstreamModel(), input, task.control()));
    }

    /**
     * An edit on a model that takes images: the sources inline as data URIs under the offer's
     * {@code imageField} (default {@code image_url}; a field ending in {@code s}, such as {@code image_urls},
     * gets them all), the mask (white where the image changes) under {@code maskField} (default
     * {@code mask_url}).
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        String imageField = task.option("imageField", "image_url");
        input.put(imageField, SourceImage.dataUris(images, imageField));
        if (mask != null) {
            input.put(task.option("maskField", "mask_url"), mask.whiteWhereTransparent().dataUri());
        }
        input.put("num_images", task.n());
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        return images(provider, run(provider, task.upstreamModel(), input, task.control()));
    }

    private List<GeneratedImage> images(ProviderSpec provider, JsonNode result) {
        JsonNode nsfw = result.path("has_nsfw_concepts");
        if (nsfw.isArray() && !nsfw.isEmpty() && java.util.stream.StreamSupport.stream(nsfw.spliterator(), false).allMatch(JsonNode::asBoolean)) {
            throw ProviderException.moderated("the result was withheld by the provider's safety checker");
        }
        List<String> urls = new ArrayList<>();
        result.path("images").forEach(image -> {
            String url = Upstream.text(image, "url");
            if (url != null) {
                urls.add(url);
            }
        });
        if (urls.isEmpty()) {
            throw ProviderException.failed(provider.id() + " answered without images");
        }
        return upstream.images(provider, urls);
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        int seconds = Upstream.duration(task.durationSeconds(), task.option("durations", null));
        input.put("duration", task.option("durationFormat", "string").equals("number") ? (Object) seconds : String.valueOf(seconds));
        input.put("aspect_ratio", task.width() >= task.height() ? "16:9" : "9:16");
        if (task.image() != null) {
            input.put("image_url", Upstream.dataUri(task.image()));
        }
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        JsonNode result = run(provider, task.upstreamModel(), input, task.control());
        String url = Upstream.text(result.path("video"), "url");
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered without a video");
        }
        return upstream.video(provider, url, Map.of(), task.workDir().resolve("fal.mp4"));
    }

    private JsonNode run(ProviderSpec provider, String model, Map<String, Object> input, TaskControl control) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(base + "/" + model, input)
                .headers(key.header()).build());
        if (response.statusCode() != 200 && response.statusCode() != 202) {
            throw failure(provider, response);
        }
        JsonNode queued = upstream.object(provider, response);
        String status = Upstream.text(queued, "status_url");
        String result = Upstream.text(queued, "response_url");
        String cancel = Upstream.text(queued, "cancel_url");
        if (status == null || result == null) {
            throw ProviderException.failed(provider.id() + " answered without status_url and response_url");
        }
        Upstream.sameService(provider, base, status);
        Upstream.sameService(provider, base, result);
        upstream.poller().await(provider.id(), control, () -> {
            HttpResponse<byte[]> r = upstream.send(provider, upstream.request(status + "?logs=1").headers(key.header()).GET().build());
            if (r.statusCode() != 200 && r.statusCode() != 202) {
                throw failure(provider, r);
            }
            String state = String.valueOf(Upstream.text(upstream.object(provider, r), "status"));
            return switch (state) {
                case "IN_QUEUE", "IN_PROGRESS" -> Poller.pending(null);
                case "COMPLETED" -> Poller.done(Boolean.TRUE);
                default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + state);
            };
        }, () -> {
            if (cancel != null) {
                Upstream.sameService(provider, base, cancel);
                upstream.send(provider, upstream.request(cancel).headers(key.header())
                        .PUT(HttpRequest.BodyPublishers.noBody()).build());
            }
        });
        HttpResponse<byte[]> done = upstream.send(provider, upstream.request(result).headers(key.header()).GET().build());
        if (done.statusCode() != 200) {
            throw failure(provider, done).ofJob(provider.id());
        }
        return upstream.object(provider, done);
    }

    /**
     * fal's errors: {@code detail} is a message or a list of {@code {loc, msg, type}} (the field faulted is the last of
     * {@code loc}); a type naming the content policy is moderation; an {@code error_type} (or {@code X-Fal-Error-Type}) is infrastructure.
     */
    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        JsonNode body = upstream.read(response.body());
        JsonNode detail = body == null ? null : body.get("detail");
        if (detail != null && detail.isArray()) {
            for (JsonNode d : detail) {
                if (String.valueOf(Upstream.text(d, "type")).toLowerCase(Locale.ROOT).contains("content_policy")) {
                    return ProviderException.moderated("the prompt was refused by the provider's content policy");
                }
            }
        }
        boolean infrastructure = response.headers().firstValue("X-Fal-Error-Type").isPresent()
                || (body != null && body.has("error_type"));
        if (infrastructure && response.statusCode() < 500 && response.statusCode() != 429) {
            return ProviderException.failed(provider.id() + " answered " + response.statusCode());
        }
        String field = null;
        if (detail != null && detail.isArray() && !detail.isEmpty()) {
            JsonNode loc = detail.get(0).path("loc");
            field = loc.isArray() && !loc.isEmpty() ? loc.get(loc.size() - 1).asText() : null;
        }
        return upstream.failure(provider, response, detail == null ? null : detail.isArray() ? detail.toString() : detail.asText(), field);
    }
}
