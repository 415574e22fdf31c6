package io.mediagate.routing.providers.bfl;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Black Forest Labs FLUX ({@code adapter: bfl}): {@code POST /v1/{model}} with {@code x-key}, then the
 * returned {@code polling_url} until {@code Ready}; the sample URL (valid minutes) is downloaded at once.
 * Moderation arrives as a poll status. One image per job, so {@code n} images are {@code n} jobs. Edits go to
 * FLUX Kontext (reference images) or FLUX Fill (image and mask) the same way ({@link #edit}).
 */
public class BflImageGenerator implements ImageGenerator, ImageEditor {
    /** BFL's errors: {@code {"detail": ...}}, a message or a list of validation errors. */
    private static final ErrorReader ERRORS = ErrorReader.message("/detail");
    private static final Auth AUTH = Auth.header("x-key");
    static final String BASE = "https://api.bfl.ai";
    private final Upstream upstream;

    public BflImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return run(provider, task, body(task));
    }

    /**
     * FLUX Fill ({@code flux-pro-1.0-fill}, any upstream model named {@code *fill*}): {@code image} and
     * {@code mask} in base64, the mask white where the image changes (the whole picture without one).
     * FLUX Kontext and the others: the sources as {@code input_image}, {@code input_image_2}, ... (up to four).
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("prompt", task.prompt());
        SourceImage source = images.getFirst();
        if (task.upstreamModel().contains("fill")) {
            body.put("image", source.base64());
            body.put("mask", (mask == null ? source.everythingMask() : mask.whiteWhereTransparent()).base64());
        } else {
            for (int i = 0; i < Math.min(4, images.size()); i++) {
                body.put(i == 0 ? "input_image" : "input_image_" + (i + 1), images.get(i).base64());
            }
            body.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        }
        body.put("output_format", task.option("outputFormat", "png"));
        task.params().forEach(body::putIfAbsent);
        return run(provider, task, body);
    }

    /** {@code n} jobs of the same request, submitted together (one image each), then their samples downloaded in order. */
    private List<GeneratedImage> run(ProviderSpec provider, ImageTask task, Map<String, Object> body) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        UpstreamJob<JobUrls, String> job = new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(base + "/v1/" + task.upstreamModel(), body)
                        .headers(key.header()).build());
                if (response.statusCode() != 200) {
                    throw failure(provider, response);
                }
                return JobUrls.statusOnly(Upstream.text(upstream.object(provider, response), "polling_url"));
            }

            @Override
            public Poller.Poll<String> poll(JobUrls urls) {
                return BflImageGenerator.this.poll(provider, urls.status(), key);
            }
            // BFL has no cancel endpoint
        };
        return upstream.images(provider, upstream.runAll(provider, base, task.control(), job, task.n()));
    }

    /**
     * A text-to-image request: FLUX Kontext takes the shape as {@code aspect_ratio} (it has no width or height, and
     * would make its default 1:1 square); the other models {@code width} and {@code height} in multiples of 32.
     */
    static Map<String, Object> body(ImageTask task) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("prompt", task.prompt());
        if (task.upstreamModel().contains("kontext")) {
            body.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        } else {
            body.put("width", multipleOf32(task.width()));
            body.put("height", multipleOf32(task.height()));
        }
        body.put("output_format", task.option("outputFormat", "png"));
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    private Poller.Poll<String> poll(ProviderSpec provider, String url, Auth.Credential key) {
        HttpResponse<byte[]> response = upstream.send(provider, upstream.request(url).headers(key.header())
                .header("Accept", "application/json").GET().build());
        if (response.statusCode() != 200) {
            throw failure(provider, response);
        }
        JsonNode state = upstream.object(provider, response);
        String status = String.valueOf(Upstream.text(state, "status"));
        return switch (status) {
            case "Pending" -> Poller.pending(percent(state.get("progress")));
            case "Ready" -> {
                String sample = Upstream.text(state.path("result"), "sample");
                if (sample == null) {
                    throw ProviderException.failed(provider.id() + " is Ready without a sample");
                }
                yield Poller.done(sample);
            }
            case "Request Moderated", "Content Moderated" ->
                    throw ProviderException.moderated("the prompt was refused by the provider's content policy");
            case "Error" -> Poller.failed(ProviderException.failed(provider.id() + " failed the job"));
            case "Task not found" -> Poller.failed(ProviderException.failed(provider.id() + " lost the job"));
            default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + status);
        };
    }

    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }

    /** BFL reports progress as a fraction (or null). */
    private static Integer percent(JsonNode progress) {
        if (progress == null || !progress.isNumber()) {
            return null;
        }
        double p = progress.asDouble();
        return (int) Math.round(p <= 1 ? p * 100 : p);
    }

    /** Widths and heights are multiples of 32 from 256 to 1440. */
    static int multipleOf32(int side) {
        return Math.max(256, Math.min(1440, Math.round(side / 32f) * 32));
    }
}
