package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Pure mapping between our image task and the OpenAI images wire format
 * ({@code POST /images/generations}), for any OpenAI-compatible server.
 */
final class OpenAiWire {
    private OpenAiWire() {
    }

    /** The request body: model, prompt, n, size, optional response_format, then the offer's features. */
    static Map<String, Object> requestBody(ImageTask task) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", task.upstreamModel());
        body.put("prompt", task.prompt());
        body.put("n", task.n());
        body.put("size", task.width() + "x" + task.height());
        String format = task.option("responseFormat", null);
        if (format != null) {
            body.put("response_format", format);
        }
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /** One item of {@code data}: exactly one of {@code url} and {@code b64_json}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Item(String url, @JsonProperty("b64_json") String b64Json, @JsonProperty("revised_prompt") String revisedPrompt) {}

    /** The items of a 200 response, or a retryable failure when the body is not what OpenAI sends. */
    static List<Item> items(JsonNode body, String provider) {
        JsonNode data = body == null ? null : body.get("data");
        if (data == null || !data.isArray() || data.isEmpty()) {
            throw ProviderException.failed(provider + " answered without images");
        }
        return java.util.stream.StreamSupport.stream(data.spliterator(), false).map(node -> {
            String url = text(node, "url");
            String b64 = text(node, "b64_json");
            if (url == null && b64 == null) {
                throw ProviderException.failed(provider + " answered an image with neither url nor b64_json");
            }
            return new Item(url, b64, text(node, "revised_prompt"));
        }).toList();
    }

    /** The {@code message} of an error answer {@code {"error": {message, type, param, code}}}, or null. */
    static String message(JsonNode body) {
        JsonNode error = body == null ? null : body.get("error");
        return error == null ? null : text(error, "message");
    }

    /**
     * What an error answer's {@code code} decides whatever its status: moderation ends the request; an
     * account out of quota (a 429 or 400 about money) makes the provider unavailable, since no retry there
     * helps. Empty when the status alone classifies it ({@link io.mediagate.routing.providers.Upstream#failure}).
     */
    static Optional<ProviderException> byCode(JsonNode body, String provider) {
        JsonNode error = body == null ? null : body.get("error");
        String code = error == null ? null : text(error, "code");
        if ("moderation_blocked".equals(code) || "content_policy_violation".equals(code)) {
            return Optional.of(ProviderException.moderated("the prompt was refused by the provider's content policy"));
        }
        if ("insufficient_quota".equals(code) || "billing_hard_limit_reached".equals(code)) {
            return Optional.of(ProviderException.unavailable(provider + " account is out of quota"));
        }
        return Optional.empty();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
