package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHttp;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Any OpenAI-compatible images endpoint ({@code adapter: openai-compatible}): the catalog gives the
 * base URL, the environment variable with the key, and the upstream model name. Handles {@code url}
 * and {@code b64_json} answers; maps OpenAI error bodies to our codes.
 */
@ApplicationScoped
public class OpenAiImageGenerator implements ImageGenerator {
    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(5);
    private final ObjectMapper json;
    private final Clock clock;

    OpenAiImageGenerator(ObjectMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        if (provider.baseUrl() == null) {
            throw new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true, provider.id() + " has no baseUrl");
        }
        HttpRequest.Builder request = ProviderHttp.request(trim(provider.baseUrl()) + "/images/generations", CALL_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(write(OpenAiWire.requestBody(task))));
        Optional<String> key = ProviderHttp.credential(provider);
        if (provider.apiKeyEnv() != null && key.isEmpty()) {
            throw new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true, provider.id() + " has no credentials configured");
        }
        key.ifPresent(k -> request.header("Authorization", "Bearer " + k));
        HttpResponse<byte[]> response = ProviderHttp.send(provider, request.build());
        JsonNode body = read(response.body());
        if (response.statusCode() != 200) {
            Duration retryAfter = ProviderHttp.retryAfter(response, ZonedDateTime.now(clock)).orElse(null);
            throw OpenAiWire.failure(response.statusCode(), body, provider.id(), retryAfter);
        }
        return OpenAiWire.items(body, provider.id()).stream().map(item -> image(provider, item)).toList();
    }

    private GeneratedImage image(ProviderSpec provider, OpenAiWire.Item item) {
        byte[] bytes;
        if (item.b64Json() != null) {
            try {
                bytes = Base64.getDecoder().decode(item.b64Json());
            } catch (IllegalArgumentException e) {
                throw ProviderException.failed(provider.id() + " sent an image that is not base64");
            }
        } else {
            HttpResponse<byte[]> file = ProviderHttp.send(provider, ProviderHttp.request(item.url(), CALL_TIMEOUT).GET().build());
            if (file.statusCode() != 200) {
                throw ProviderException.failed(provider.id() + " image download answered " + file.statusCode());
            }
            bytes = file.body();
        }
        String mime = ContentSniffer.mime(bytes).orElseThrow(() -> ProviderException.failed(provider.id() + " sent a file that is not an image"));
        return new GeneratedImage(bytes, mime, item.revisedPrompt());
    }

    private byte[] write(Object body) {
        try {
            return json.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode read(byte[] body) {
        try {
            return body.length == 0 ? null : json.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    private static String trim(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
