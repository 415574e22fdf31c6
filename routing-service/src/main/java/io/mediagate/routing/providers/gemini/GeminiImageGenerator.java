package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Google's image models through the Gemini API ({@code adapter: gemini}, default base
 * {@code https://generativelanguage.googleapis.com/v1beta}, key in {@code x-goog-api-key}): Imagen by {@code :predict},
 * Gemini image models by {@code :generateContent} ({@link GeminiWire}; the offer option {@code api: predict|generateContent}
 * overrides the choice by model name). Edits go to Gemini image models with the sources as inline parts of the prompt;
 * Gemini takes no mask, so none is sent, and the Gemini API offers no Imagen editing. Failures read as
 * {@link GoogleErrors} says.
 */
public class GeminiImageGenerator implements ImageGenerator, ImageEditor {
    static final String BASE = "https://generativelanguage.googleapis.com/v1beta";
    private final Upstream upstream;

    public GeminiImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return GeminiWire.imagen(task) ? predict(provider, task) : contents(provider, task, List.of());
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        if (GeminiWire.imagen(task)) {
            throw ProviderException.rejected("the Gemini API does not edit images with " + task.upstreamModel());
        }
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

    private List<GeneratedImage> predict(ProviderSpec provider, ImageTask task) {
        JsonNode answer = call(provider, task, ":predict", GeminiWire.predict(task));
        List<GeneratedImage> images = new ArrayList<>();
        for (JsonNode prediction : answer.path("predictions")) {
            String data = Upstream.text(prediction, "bytesBase64Encoded");
            if (data == null) {
                if (Upstream.text(prediction, "raiFilteredReason") != null) {
                    continue;
                }
                throw ProviderException.failed(provider.id() + " answered a prediction without an image");
            }
            images.add(Upstream.inline(provider, data, null));
        }
        if (images.isEmpty()) {
            // Imagen leaves the images its safety filters withhold out of the answer.
            throw ProviderException.moderated("the images were withheld by the provider's safety filters");
        }
        return images;
    }

    private List<GeneratedImage> generateContent(ProviderSpec provider, ImageTask task, List<SourceImage> sources) {
        JsonNode answer = call(provider, task, ":generateContent", GeminiWire.generateContent(task, sources));
        return switch (GeminiWire.content(answer)) {
            case GeminiWire.Content.Images(List<String> base64) -> base64.stream().map(b -> Upstream.inline(provider, b, null)).toList();
            case GeminiWire.Content.Refused(String reason) ->
                    throw ProviderException.moderated("the request was refused by the provider's content policy (" + reason + ")");
            case GeminiWire.Content.Empty(String finish) ->
                    throw ProviderException.failed(provider.id() + " answered without an image" + (finish == null ? "" : " (" + finish + ")"));
        };
    }

    private JsonNode call(ProviderSpec provider, ImageTask task, String method, Object body) {
        String key = Upstream.requireCredential(provider);
        String url = Upstream.base(provider, BASE) + "/models/" + task.upstreamModel() + method;
        HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(url, body).header("x-goog-api-key", key).build());
        if (response.statusCode() != 200) {
            throw GoogleErrors.failure(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }
}
