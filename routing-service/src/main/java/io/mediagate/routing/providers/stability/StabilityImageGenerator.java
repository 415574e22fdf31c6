package io.mediagate.routing.providers.stability;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Stability AI v2beta ({@code adapter: stability}): a multipart form to
 * {@code /v2beta/stable-image/generate/{ultra|core|sd3}} answered as JSON ({@code image} in base64 and
 * {@code finish_reason}). The upstream model is the endpoint, or an SD3 model name ({@code sd3.5-large})
 * sent to the sd3 endpoint. Sizes become the nearest aspect ratio. One image per call. Edits: inpainting
 * with a mask, or image-to-image ({@link #edit}). Utilities ({@link #apply}): the upstream model is the path under
 * {@code /v2beta/stable-image/} ({@code upscale/fast}, {@code edit/remove-background}).
 */
public class StabilityImageGenerator implements ImageGenerator, ImageEditor, ImageUtilities {
    /**
     * Stability's errors: {@code {"id", "name", "errors": [...]}}; the name {@code content_moderation} is moderation,
     * a 413 a request larger than it takes.
     */
    private static final ErrorReader ERRORS = ErrorReader.message("/errors")
            .codes("/name", Map.of("content_moderation", FailureClass.MODERATION))
            .statuses(Map.of(413, FailureClass.CALLER_ERROR));
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.stability.ai";
    static final List<String> RATIOS = List.of("21:9", "16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16", "9:21");
    private final Upstream upstream;

    public StabilityImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        String model = task.upstreamModel();
        String endpoint = model.startsWith("sd3") ? "sd3" : model;
        return call(provider, task, "/v2beta/stable-image/generate/" + endpoint, () -> new Multipart()
                .field("prompt", task.prompt())
                .field("aspect_ratio", Shapes.nearestRatio(task.width(), task.height(), RATIOS))
                .field("output_format", task.option("outputFormat", "png"))
                .field("model", model.startsWith("sd3.") ? model : null));
    }

    /**
     * The upstream model {@code inpaint} is {@code /v2beta/stable-image/edit/inpaint}: the first image, the
     * mask as Stability takes it (white where the image changes; without one the whole picture); any other
     * model is image-to-image on its generate endpoint (the SD3 models with {@code mode=image-to-image}),
     * {@code strength} from the offer's options (default 0.7). The result keeps the source's size.
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        String model = task.upstreamModel();
        SourceImage source = images.getFirst();
        if (model.equals("inpaint")) {
            SourceImage stabilityMask = mask == null ? source.everythingMask() : mask.whiteWhereTransparent();
            return call(provider, task, "/v2beta/stable-image/edit/inpaint", () -> new Multipart()
                    .field("prompt", task.prompt())
                    .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                    .file("mask", "mask.png", stabilityMask.mime(), stabilityMask.bytes())
                    .field("output_format", task.option("outputFormat", "png")));
        }
        String endpoint = model.startsWith("sd3") ? "sd3" : model;
        return call(provider, task, "/v2beta/stable-image/generate/" + endpoint, () -> new Multipart()
                .field("prompt", task.prompt())
                .field("mode", model.startsWith("sd3") ? "image-to-image" : null)
                .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                .field("strength", task.option("strength", "0.7"))
                .field("output_format", task.option("outputFormat", "png"))
                .field("model", model.startsWith("sd3.") ? model : null));
    }

    /** The endpoints of each utility, under {@code /v2beta/stable-image/}. */
    static final Map<String, Set<String>> TOOLS = Map.of(ImageSources.UPSCALE, Set.of("upscale/fast"),
            ImageSources.REMOVE_BACKGROUND, Set.of("edit/remove-background"));

    @Override
    public Set<String> operations() {
        return TOOLS.keySet();
    }

    /**
     * The picture to the upstream model's endpoint with nothing but {@code output_format=png} (Stability's utilities take no
     * other field): {@code upscale/fast} makes it 4 times larger a side (routing fits that to the size asked), a
     * {@code remove-background} keeps its size with the background transparent. A picture outside the endpoint's bounds is
     * this offer's fault (routing tries another).
     */
    @Override
    public List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source) {
        String path = task.upstreamModel();
        ImageUtilities.requireTool(provider, operation, path, TOOLS);
        String bounds = ImageSources.UPSCALE.equals(operation) ? StabilityBounds.fastUpscale(source.width(), source.height())
                : StabilityBounds.removeBackground(source.width(), source.height());
        if (bounds != null) {
            throw ProviderException.rejected(provider.id() + " " + bounds, "image_url").offersFault();
        }
        return call(provider, "/v2beta/stable-image/" + path, 1, Map.of(), () -> new Multipart()
                .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                .field("output_format", "png"));
    }

    private List<GeneratedImage> call(ProviderSpec provider, ImageTask task, String path, Supplier<Multipart> fields) {
        return call(provider, path, task.n(), task.params(), fields);
    }

    /** {@code calls} calls, one an image: the form {@code fields} makes, then {@code params}; the JSON answer read. */
    private List<GeneratedImage> call(ProviderSpec provider, String path, int calls, Map<String, Object> params, Supplier<Multipart> fields) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        List<GeneratedImage> images = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            Multipart form = fields.get();
            params.forEach(form::field);
            HttpResponse<byte[]> response = upstream.send(provider, upstream.request(base + path)
                    .headers(key.header()).header("Accept", "application/json")
                    .header("Content-Type", form.contentType()).POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())).build());
            if (response.statusCode() != 200) {
                throw failure(provider, response);
            }
            JsonNode body = upstream.object(provider, response);
            String reason = String.valueOf(Shapes.text(body, "finish_reason"));
            if ("CONTENT_FILTERED".equals(reason)) {
                throw ProviderException.moderated("the result was withheld by the provider's content filter");
            }
            String image = Shapes.text(body, "image");
            if (!"SUCCESS".equals(reason) || image == null) {
                throw ProviderException.failed(provider.id() + " answered finish_reason " + reason);
            }
            images.add(Shapes.inline(provider, image, null));
        }
        return images;
    }

    /** Errors are {@code {id, name, errors[]}}; {@code content_moderation} is moderation whatever the status. */
    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        return ERRORS.read(upstream, provider, response, response.body());
    }
}
