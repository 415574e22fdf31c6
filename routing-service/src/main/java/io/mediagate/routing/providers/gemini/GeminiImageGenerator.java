package io.mediagate.routing.providers.gemini;

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
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Google's image models through the Gemini API ({@code adapter: gemini}, default base
 * {@code https://generativelanguage.googleapis.com/v1beta}, key in {@code x-goog-api-key}): Gemini image models by
 * {@code :generateContent} ({@link GeminiWire}). Edits send the sources as inline parts of the prompt; Gemini takes no
 * mask, so none is sent. Failures read as {@link GoogleErrors#ERRORS} says.
 */
public class GeminiImageGenerator implements ImageGenerator, ImageEditor {
    private static final Auth AUTH = Auth.header("x-goog-api-key");
    static final String BASE = "https://generativelanguage.googleapis.com/v1beta";
    private final Upstream upstream;

    public GeminiImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return contents(provider, task, List.of());
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        return contents(provider, task, images);
    }

    /** {@code n} images from a Gemini image model, one call each. */
    private List<GeneratedImage> contents(ProviderSpec provider, ImageTask task, List<SourceImage> sources) {
        List<GeneratedImage> images = new ArrayList<>();
        while (images.size() < task.n()) {
            images.addAll(generateContent(provider, task, sources));
        }
        return images.subList(0, task.n());
    }

    private List<GeneratedImage> generateContent(ProviderSpec provider, ImageTask task, List<SourceImage> sources) {
        return images(provider, call(provider, task, GeminiWire.generateContent(task, sources)));
    }

    /** The images of a {@code :generateContent} answer (a call's, or a batch line's), or why there are none. */
    static List<GeneratedImage> images(ProviderSpec provider, JsonNode answer) {
        return switch (GeminiWire.content(provider, answer)) {
            case GeminiWire.Content.Images(List<String> base64) -> {
                // the call's tokens, counted once for the images it made (what a token-billed offer charges)
                GeneratedImage.Made made = new GeneratedImage.Made(null, null, null, GeminiUsage.tokens(answer.path("usageMetadata")), null);
                yield base64.stream().map(b -> Shapes.inline(provider, b, null))
                        .map(image -> new GeneratedImage(image.bytes(), image.mime(), image.revisedPrompt(), made)).toList();
            }
            case GeminiWire.Content.Refused(String reason) ->
                    throw ProviderException.moderated("the request was refused by the provider's content policy (" + reason + ")");
            case GeminiWire.Content.Empty(String finish) ->
                    throw ProviderException.failed(provider.id() + " answered without an image" + (finish == null ? "" : " (" + finish + ")"));
        };
    }

    private JsonNode call(ProviderSpec provider, ImageTask task, Object body) {
        Auth.Credential key = AUTH.of(provider);
        String url = Upstream.base(provider, BASE) + "/models/" + task.upstreamModel() + ":generateContent";
        HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(url, body).headers(key.header()).build());
        if (response.statusCode() != 200) {
            throw GoogleErrors.ERRORS.read(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }
}
