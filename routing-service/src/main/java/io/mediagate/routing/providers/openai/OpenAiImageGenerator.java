package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Upstream;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;

/**
 * OpenAI images ({@code adapter: openai}, default base {@code https://api.openai.com/v1}) and any
 * OpenAI-compatible images endpoint ({@code adapter: openai-compatible}, the catalog gives the base URL).
 * GPT image models answer base64, decoded as the answer streams in and stored by us; {@code url} answers (dall-e, compatible servers) are
 * downloaded at once through the safe fetch. The offer's features carry {@code quality},
 * {@code background}, {@code output_format} and the like straight through. The key is sent when the
 * provider names one ({@code apiKeyEnv}); a compatible server without one is called without.
 */
public class OpenAiImageGenerator implements ImageGenerator {
    public static final String OPENAI_BASE = "https://api.openai.com/v1";
    private final Upstream upstream;
    private final String defaultBase;

    /** @param defaultBase the base URL when the catalog gives none, or null to require one */
    public OpenAiImageGenerator(Upstream upstream, String defaultBase) {
        this.upstream = upstream;
        this.defaultBase = defaultBase;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        String base = Upstream.base(provider, defaultBase);
        Optional<String> key = provider.apiKeyEnv() == null ? Optional.empty() : Optional.of(Upstream.requireCredential(provider));
        HttpRequest.Builder request = upstream.postJson(base + "/images/generations", OpenAiWire.requestBody(task));
        key.ifPresent(k -> request.header("Authorization", "Bearer " + k));
        HttpResponse<InputStream> response = upstream.stream(provider, request.build());
        if (response.statusCode() != 200) {
            JsonNode body = upstream.read(Upstream.drain(response));
            throw OpenAiWire.byCode(body, provider.id())
                    .orElseGet(() -> upstream.failure(provider, response, OpenAiWire.message(body)));
        }
        return OpenAiWire.items(response.body(), provider.id()).stream().map(item -> image(provider, item)).toList();
    }

    private GeneratedImage image(ProviderSpec provider, OpenAiWire.Item item) {
        if (item.image() != null) {
            return Upstream.bytes(provider, item.image(), item.revisedPrompt());
        }
        GeneratedImage downloaded = upstream.images(provider, List.of(item.url())).getFirst();
        return new GeneratedImage(downloaded.bytes(), downloaded.mime(), item.revisedPrompt());
    }
}
