package io.mediagate.routing.providers.fal;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.schema.InputSchemas;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fal.ai's queue ({@code adapter: fal}), images and video: submit to {@code queue.fal.run/{model}} with
 * {@code Authorization: Key}, poll the returned {@code status_url}, read the {@code response_url} (which may
 * still hold an error), cancel at {@code cancel_url}. The URLs are used as returned: they drop sub-paths.
 * Images are asked for at {@code image_size} {width, height}, or as an {@code aspect_ratio} where the offer's
 * {@code size} option says so (FLUX Kontext's text-to-image endpoint). Offer options named {@code input.<field>} are
 * sent as inputs as they are ({@link Upstream#fixedInputs}). Every input is fitted to the endpoint's checked-in schema
 * before it is sent ({@link InputSchemas}): the clip length in the type the endpoint takes, inputs it does not take left out.
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
        return images(provider, run(provider, task.upstreamModel(), fit(task.upstreamModel(), input, task.params()), task.control()));
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
        return images(provider, run(provider, task.upstreamModel(), fit(task.upstreamModel(), input, task.params()), task.control()));
    }

    private List<GeneratedImage> images(ProviderSpec provider, JsonNode result) {
        JsonNode nsfw = result.path("has_nsfw_concepts");
        if (nsfw.isArray() && !nsfw.isEmpty() && java.util.stream.StreamSupport.stream(nsfw.spliterator(), false).allMatch(JsonNode::asBoolean)) {
            // the request completed at fal (it bills completed requests): made, then withheld
            throw ProviderException.moderated("the result was withheld by the provider's safety checker").charged();
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
        JsonNode result = run(provider, task.upstreamModel(), fit(task.upstreamModel(), input, task.params()), task.control());
        String url = Upstream.text(result.path("video"), "url");
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered without a video");
        }
        return upstream.video(provider, url, Map.of(), task.workDir().resolve("fal.mp4"));
    }

    /** The input fitted to the endpoint's checked-in schema ({@link InputSchemas#fit}); the caller's inputs are its parameters. */
    private static Map<String, Object> fit(String model, Map<String, Object> input, Map<String, Object> params) {
        return InputSchemas.fit("fal", model, input, params.keySet());
    }

    /** Queues the request and waits for its result ({@code response_url}, read once the status says COMPLETED). */
    private JsonNode run(ProviderSpec provider, String model, Map<String, Object> input, TaskControl control) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        return upstream.run(provider, base, control, new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(base + "/" + model, input)
                        .headers(key.header()).build());
                if (response.statusCode() != 200 && response.statusCode() != 202) {
                    throw failure(provider, response);
                }
                JsonNode queued = upstream.object(provider, response);
                String result = Upstream.text(queued, "response_url");
                if (result == null) {
                    throw ProviderException.failed(provider.id() + " answered without a response_url");
                }
                return new JobUrls(Upstream.text(queued, "status_url"), result, Upstream.text(queued, "cancel_url"));
            }

            @Override
            public Poller.Poll<JsonNode> poll(JobUrls urls) {
                HttpResponse<byte[]> r = upstream.send(provider, upstream.request(urls.status() + "?logs=1").headers(key.header()).GET().build());
                if (r.statusCode() != 200 && r.statusCode() != 202) {
                    throw failure(provider, r);
                }
                String state = String.valueOf(Upstream.text(upstream.object(provider, r), "status"));
                return switch (state) {
                    case "IN_QUEUE", "IN_PROGRESS" -> Poller.pending(null);
                    case "COMPLETED" -> result(provider, urls, key);
                    default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + state);
                };
            }

            @Override
            public void cancel(JobUrls urls) {
                if (urls.cancel() != null) {
                    upstream.send(provider, upstream.request(urls.cancel()).headers(key.header()).PUT(HttpRequest.BodyPublishers.noBody()).build());
                }
            }
        });
    }

    /**
     * A completed request's result. An error answer that says why (a {@code detail}) is the job's outcome: it failed, and
     * another look gives the same; one that does not is a failed look (a 404 of it is a lost job, not a gone model).
     */
    private Poller.Poll<JsonNode> result(ProviderSpec provider, JobUrls urls, Auth.Credential key) {
        HttpResponse<byte[]> done = upstream.send(provider, upstream.request(urls.result()).headers(key.header()).GET().build());
        if (done.statusCode() == 200) {
            return Poller.done(upstream.object(provider, done));
        }
        JsonNode body = upstream.read(done.body());
        if (body != null && body.has("detail") && done.statusCode() != 404) {
            return Poller.failed(failure(provider, done));
        }
        throw failure(provider, done);
    }

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
        Map<String, FailureClass> codes = new java.util.HashMap<>();
        for (String platform : List.of("request_timeout", "startup_timeout", "runner_scheduling_failure", "runner_connection_timeout",
                "runner_disconnected", "runner_connection_refused", "runner_connection_error", "runner_incomplete_response",
                "runner_server_error", "client_disconnected", "client_cancelled", "internal_error")) {
            codes.put(platform, FailureClass.TRANSIENT);
        }
        codes.put("bad_request", FailureClass.REJECTED);
        codes.put("content_policy_violation", FailureClass.MODERATION);
        return Map.copyOf(codes);
    }

    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }
}
