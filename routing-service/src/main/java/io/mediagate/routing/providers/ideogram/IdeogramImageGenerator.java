package io.mediagate.routing.providers.ideogram;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ideogram 3.0 ({@code adapter: ideogram}, default base {@code https://api.ideogram.ai}, key in an {@code Api-Key}
 * header): {@code POST /v1/ideogram-v3/generate}; edits with a mask through {@code /v1/ideogram-v3/inpaint} (Ideogram's
 * mask is black where the image changes), without one through {@code /v1/ideogram-v3/remix} (the first source and an
 * {@code image_weight}). Every call is a multipart form; the answer's {@code data[]} points at short-lived image URLs,
 * fetched through the safe fetch (no key goes with them). An image Ideogram's checks flag comes back with
 * {@code is_image_safe: false} and no URL; a refused prompt is a 422 {@code {"error": ...}}. Offer options:
 * {@code rendering_speed} ({@code FLASH}, {@code TURBO}, {@code DEFAULT}, {@code QUALITY}; default {@code DEFAULT}: it
 * sets the price) and {@code image_weight} for remixes (1–100, default 50).
 */
public class IdeogramImageGenerator implements ImageGenerator, ImageEditor {
    /** Ideogram's errors: {@code {"error": "..."}}; a 422 is its safety check refusing the prompt. */
    private static final ErrorReader ERRORS = ErrorReader.message("/error").statuses(Map.of(422, FailureClass.MODERATION));
    private static final Auth AUTH = Auth.header("Api-Key");
    static final String BASE = "https://api.ideogram.ai";
    /**
     * developer.ideogram.ai, API reference "Generate with Ideogram 3.0": each image's {@code url} is a short-lived link on
     * {@code ideogram.ai} ({@code /api/images/ephemeral/…}), downloaded without the key.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.ideogram.ai").delivery("ideogram.ai");
    /** The aspect ratios Ideogram 3.0 takes (it writes them {@code 16x9}). */
    static final List<String> RATIOS = List.of("1:3", "3:1", "1:2", "2:1", "9:16", "16:9", "10:16", "16:10", "2:3", "3:2", "3:4", "4:3",
            "4:5", "5:4", "1:1");
    private final Upstream upstream;

    public IdeogramImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return call(provider, "/v1/ideogram-v3/generate", common(task).field("aspect_ratio", ratio(task)));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        SourceImage source = images.getFirst();
        if (mask != null) {
            SourceImage black = mask.blackWhereTransparent();
            return call(provider, "/v1/ideogram-v3/inpaint", common(task)
                    .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                    .file("mask", "mask.png", black.mime(), black.bytes()));
        }
        return call(provider, "/v1/ideogram-v3/remix", common(task)
                .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                .field("image_weight", task.option("image_weight", "50"))
                .field("aspect_ratio", ratio(task)));
    }

    /** The size as the nearest ratio Ideogram lists, written its way ({@code 16x9}). */
    static String ratio(ImageTask task) {
        return Shapes.nearestRatio(task.width(), task.height(), RATIOS).replace(':', 'x');
    }

    private static Multipart common(ImageTask task) {
        Multipart form = new Multipart()
                .field("prompt", task.prompt())
                .field("num_images", task.n())
                .field("rendering_speed", task.option("rendering_speed", "DEFAULT"));
        task.params().forEach(form::field);
        return form;
    }

    private List<GeneratedImage> call(ProviderSpec provider, String path, Multipart form) {
        Auth.Credential key = AUTH.of(provider);
        HttpResponse<byte[]> response = upstream.send(provider, upstream.request(Upstream.base(provider, BASE) + path)
                .headers(key.header()).header("Accept", "application/json").header("Content-Type", form.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())).build());
        if (response.statusCode() != 200) {
            throw ERRORS.read(upstream, provider, response, response.body());
        }
        JsonNode data = upstream.object(provider, response).get("data");
        if (data == null || !data.isArray() || data.isEmpty()) {
            throw ProviderException.failed(provider.id() + " answered without images");
        }
        List<String> urls = new ArrayList<>();
        for (JsonNode item : data) {
            if (!item.path("is_image_safe").asBoolean(true)) {
                continue;
            }
            String url = Shapes.text(item, "url");
            if (url == null || url.isBlank()) {
                throw ProviderException.failed(provider.id() + " answered an image without a URL");
            }
            urls.add(url);
        }
        if (urls.isEmpty()) {
            throw ProviderException.moderated("the images were withheld by the provider's safety checks");
        }
        return upstream.images(provider, HOSTS.at(Upstream.base(provider, BASE)), urls);
    }
}
