package io.mediagate.routing.providers.replicate;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
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
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replicate predictions ({@code adapter: replicate}), images and video. The offer's upstream model is
 * {@code owner/name} (the model's current version) or {@code owner/name:version}. Created with
 * {@code Prefer: wait}, then polled at {@code urls.get}; cancelled at {@code urls.cancel}; outputs (a URL,
 * a list of URLs, or objects holding them) downloaded at once, since Replicate deletes them within the hour.
 * Offer options named {@code input.<field>} are sent as inputs as they are ({@link Upstream#fixedInputs}). Every input is
 * fitted to the model's checked-in schema before it is sent ({@link InputSchemas}).
 */
public class ReplicateGenerator implements ImageGenerator, ImageEditor, VideoGenerator {
    /**
     * Replicate's errors: {@code {"title", "detail", "status"}}; a 429 words its wait in the detail ("... available in
     * 7 seconds") when it sends no Retry-After. A safety refusal, in an answer or as a failed prediction's {@code error},
     * is worded so.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/detail").waitIn("available in (\\d+) second")
            .moderation("(?s).*(nsfw|sensitive|safety|flagged).*");
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.replicate.com/v1";
    private static final String ADAPTER = "replicate";
    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3})%");
    private final Upstream upstream;

    public ReplicateGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
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
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        List<String> urls = run(provider, task.upstreamModel(), fit(task.upstreamModel(), input, task.params()), task.control());
        return upstream.images(provider, urls.subList(0, Math.min(urls.size(), task.n())));
    }

    /**
     * The shape as an aspect ratio: the size's own ratio where the model takes it, else {@code custom} with the width and
     * height where the model takes those (FLUX 1.1 Pro); a ratio the model does not take is refused when the input is
     * fitted to its schema.
     */
    public static void shape(String model, int width, int height, Map<String, Object> input) {
        String ratio = Upstream.ratio(width, height);
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

    /** The input fitted to the model's checked-in schema ({@link InputSchemas#fit}); the caller's inputs are its parameters. */
    private static Map<String, Object> fit(String model, Map<String, Object> input, Map<String, Object> params) {
        return InputSchemas.fit(ADAPTER, model, input, params.keySet());
    }

    /**
     * An edit on a model that takes images: the sources inline as data URIs under the offer's
     * {@code imageField} (default {@code input_image}; a field ending in {@code s}, such as
     * {@code input_images}, gets them all), the mask (white where the image changes) under
     * {@code maskField} (default {@code mask}), and the size as an aspect ratio.
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        String imageField = task.option("imageField", "input_image");
        input.put(imageField, SourceImage.dataUris(images, imageField));
        if (mask != null) {
            input.put(task.option("maskField", "mask"), mask.whiteWhereTransparent().dataUri());
        }
        input.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        List<String> urls = new ArrayList<>();
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        upstream.runAll(provider, base, task.control(), prediction(provider, base, key, task.upstreamModel(),
                        fit(task.upstreamModel(), input, task.params())), task.n())
                .forEach(urls::addAll);
        return upstream.images(provider, urls.subList(0, Math.min(urls.size(), task.n())));
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        input.put("duration", Upstream.duration(task.durationSeconds(), task.option("durations", null)));
        input.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        if (task.image() != null) {
            input.put(task.option("imageField", "image"), Upstream.dataUri(task.image()));
        }
        Upstream.fixedInputs(task.options(), input);
        task.params().forEach(input::putIfAbsent);
        List<String> urls = run(provider, task.upstreamModel(), fit(task.upstreamModel(), input, task.params()), task.control());
        return upstream.video(provider, urls.getFirst(), Map.of(), task.workDir().resolve("replicate.mp4"));
    }

    /** Creates the prediction and waits for its output URLs. */
    private List<String> run(ProviderSpec provider, String model, Map<String, Object> input, TaskControl control) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        return upstream.run(provider, base, control, prediction(provider, base, key, model, input));
    }

    /**
     * A prediction as the kit's loop runs it: created with {@code Prefer: wait} (Replicate may answer it finished, then
     * the first look is that answer), looked at {@code urls.get}, cancelled at {@code urls.cancel}. One instance may be
     * submitted several times ({@link Upstream#runAll}); each submission keeps its own first answer.
     */
    private UpstreamJob<JobUrls, List<String>> prediction(ProviderSpec provider, String base, Auth.Credential key, String model,
                                                          Map<String, Object> input) {
        Map<String, Object> body = new LinkedHashMap<>();
        int colon = model.indexOf(':');
        String url = colon > 0 ? base + "/predictions" : base + "/models/" + model + "/predictions";
        if (colon > 0) {
            body.put("version", model.substring(colon + 1));
        }
        body.put("input", input);
        Map<String, JsonNode> answered = new java.util.concurrent.ConcurrentHashMap<>();
        return new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(url, body)
                        .headers(key.header()).header("Prefer", "wait").build());
                if (response.statusCode() != 201 && response.statusCode() != 202 && response.statusCode() != 200) {
                    throw failure(provider, response);
                }
                JsonNode prediction = upstream.object(provider, response);
                String get = Upstream.text(prediction.path("urls"), "get");
                if (get == null) {
                    throw ProviderException.failed(provider.id() + " answered a prediction without urls.get");
                }
                answered.put(get, prediction);
                return new JobUrls(get, null, Upstream.text(prediction.path("urls"), "cancel"));
            }

            @Override
            public Poller.Poll<List<String>> poll(JobUrls urls) {
                JsonNode first = answered.remove(urls.status());
                if (first != null) {
                    return state(provider, first);
                }
                HttpResponse<byte[]> r = upstream.send(provider, upstream.request(urls.status()).headers(key.header()).GET().build());
                if (r.statusCode() != 200) {
                    throw failure(provider, r);
                }
                return state(provider, upstream.object(provider, r));
            }

            @Override
            public void cancel(JobUrls urls) {
                if (urls.cancel() != null) {
                    upstream.send(provider, upstream.request(urls.cancel()).headers(key.header())
                            .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build());
                }
            }
        };
    }

    private Poller.Poll<List<String>> state(ProviderSpec provider, JsonNode prediction) {
        String status = String.valueOf(Upstream.text(prediction, "status"));
        return switch (status) {
            case "starting" -> Poller.pending(null);
            case "processing" -> Poller.pending(percent(Upstream.text(prediction, "logs")));
            case "succeeded" -> {
                List<String> urls = new ArrayList<>();
                collect(prediction.get("output"), urls);
                if (urls.isEmpty()) {
                    throw ProviderException.failed(provider.id() + " succeeded without an output URL");
                }
                yield Poller.done(urls);
            }
            case "failed" -> {
                if (ERRORS.moderates(Upstream.text(prediction, "error"))) {
                    throw ProviderException.moderated("the prompt was refused by the provider's content policy");
                }
                yield Poller.failed(ProviderException.failed(provider.id() + " prediction failed"));
            }
            case "canceled", "aborted" -> Poller.failed(ProviderException.failed(provider.id() + " prediction was " + status));
            default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + status);
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

    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }
}
