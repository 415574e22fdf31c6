package io.mediagate.routing.providers.stability;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Stability AI v2beta ({@code adapter: stability}): a multipart form to
 * {@code /v2beta/stable-image/generate/{ultra|core|sd3}} answered as JSON ({@code image} in base64 and
 * {@code finish_reason}). The upstream model is the endpoint, or an SD3 model name ({@code sd3.5-large})
 * sent to the sd3 endpoint. Sizes become the nearest aspect ratio. One image per call.
 */
public class StabilityImageGenerator implements ImageGenerator {
    static final String BASE = "https://api.stability.ai";
    static final List<String> RATIOS = List.of("21:9", "16:9", "3:2", "5:4", "1:1", "4:5", "2:3", "9:16", "9:21");
    private final Upstream upstream;

    public StabilityImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        String key = Upstream.requireCredential(provider);
        String base = Upstream.base(provider, BASE);
        String model = task.upstreamModel();
        String endpoint = model.startsWith("sd3") ? "sd3" : model;
        List<GeneratedImage> images = new ArrayList<>();
        for (int i = 0; i < task.n(); i++) {
            Multipart form = new Multipart().field("prompt", task.prompt())
                    .field("aspect_ratio", nearestRatio(task.width(), task.height()))
                    .field("output_format", task.option("outputFormat", "png"))
                    .field("model", model.startsWith("sd3.") ? model : null);
            task.params().forEach(form::field);
            HttpResponse<byte[]> response = upstream.send(provider, upstream.request(base + "/v2beta/stable-image/generate/" + endpoint)
                    .header("Authorization", "Bearer " + key).header("Accept", "application/json")
                    .header("Content-Type", form.contentType()).POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())).build());
            if (response.statusCode() != 200) {
                throw failure(provider, response);
            }
            JsonNode body = upstream.object(provider, response);
            String reason = String.valueOf(Upstream.text(body, "finish_reason"));
            if ("CONTENT_FILTERED".equals(reason)) {
                throw ProviderException.moderated("the result was withheld by the provider's content filter");
            }
            String image = Upstream.text(body, "image");
            if (!"SUCCESS".equals(reason) || image == null) {
                throw ProviderException.failed(provider.id() + " answered finish_reason " + reason);
            }
            images.add(Upstream.inline(provider, image, null));
        }
        return images;
    }

    /** Errors are {@code {id, name, errors[]}}; {@code content_moderation} is moderation whatever the status. */
    private ProviderException failure(ProviderSpec provider, HttpResponse<byte[]> response) {
        JsonNode body = upstream.read(response.body());
        String name = Upstream.text(body, "name");
        if ("content_moderation".equals(name)) {
            return ProviderException.moderated("the prompt was refused by the provider's content policy");
        }
        if (response.statusCode() == 413) {
            return ProviderException.rejected("the request is larger than the provider takes");
        }
        return upstream.failure(provider, response, body == null ? null : body.path("errors").toString());
    }

    static String nearestRatio(int width, int height) {
        double wanted = Math.log((double) width / height);
        return RATIOS.stream().min(Comparator.comparingDouble(r -> {
            String[] p = r.split(":");
            return Math.abs(Math.log(Double.parseDouble(p[0]) / Double.parseDouble(p[1])) - wanted);
        })).orElse("1:1");
    }
}
