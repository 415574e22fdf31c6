package io.mediagate.routing.providers.a1111;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.WireJson;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * A self-hosted AUTOMATIC1111 or Forge server ({@code adapter: a1111}, started with {@code --api}):
 * {@code POST /sdapi/v1/txt2img}, and edits through {@code POST /sdapi/v1/img2img} (image to image, or inpainting
 * with a mask), images answered inline in base64. The catalog's base URL is required;
 * when it names a credential variable, its {@code user:password} goes as HTTP Basic ({@code --api-auth}). A streamed job
 * asking for partial images gets the server's live previews meanwhile ({@link A1111Previews}).
 */
public class A1111ImageGenerator implements ImageGenerator, ImageEditor {
    private final Upstream upstream;

    public A1111ImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return call(provider, task, "/sdapi/v1/txt2img", A1111Wire.request(task));
    }

    /**
     * {@code POST /sdapi/v1/img2img}: the first source as the init image, the mask (when one is sent) converted to
     * A1111's convention (white where the image changes; ours is transparent there), and how far the result may
     * stray from the source ({@code denoising_strength}, the offer's option or request's parameter, default 0.75).
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        return call(provider, task, "/sdapi/v1/img2img", A1111Wire.request(task).toEdit(task, images.getFirst(), mask));
    }

    private List<GeneratedImage> call(ProviderSpec provider, ImageTask task, String path, A1111Wire.Request body) {
        int n = task.n();
        String base = Upstream.base(provider, null);
        HttpRequest.Builder request = upstream.postJson(base + path, body);
        if (provider.apiKeyEnv() != null) {
            Auth.basic().of(provider).sign(request);
        }
        HttpResponse<byte[]> response;
        try (A1111Previews previews = A1111Previews.watch(upstream, provider, base, task.control())) {
            response = upstream.send(provider, request.build());
        }
        if (response.statusCode() != 200) {
            JsonNode error = upstream.read(response.body());
            if (response.statusCode() == 404) {
                throw ProviderException.failed(provider.id() + " has no API (start it with --api)");
            }
            throw upstream.failure(provider, response, error == null ? null : error.path("detail").toString());
        }
        List<String> images = WireJson.read(provider, upstream.object(provider, response), A1111Wire.Answer.class).images();
        if (images == null || images.isEmpty()) {
            throw ProviderException.failed(provider.id() + " answered without images");
        }
        List<GeneratedImage> out = new ArrayList<>();
        // With batch_size > 1 some versions prepend a grid; the last n are the images asked for.
        for (String image : images.subList(Math.max(0, images.size() - n), images.size())) {
            out.add(Shapes.inline(provider, image, null));
        }
        return out;
    }
}
