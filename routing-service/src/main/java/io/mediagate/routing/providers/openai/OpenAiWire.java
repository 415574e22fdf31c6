package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * Classifies an error answer. Moderation ends the request; input errors end it as the caller's;
     * refused credentials, rate limits and server errors move on to the next candidate.
     */
    static ProviderException failure(int status, JsonNode body, String provider, Duration retryAfter) {
        JsonNode error = body == null ? null : body.get("error");
        String code = error == null ? null : text(error, "code");
        String message = error == null ? null : text(error, "message");
        if ("moderation_blocked".equals(code) || "content_policy_violation".equals(code)) {
            return ProviderException.moderated("the prompt was refused by the provider's content policy");
        }
        if ("insufficient_quota".equals(code) || "billing_hard_limit_reached".equals(code)) {
            // a 429 or 400 about the account's money: no retry at this provider helps, the next one may
            return new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true, provider + " account is out of quota");
        }
        return switch (status) {
            case 400, 422 -> ProviderException.rejected("the provider rejected the request"
                    + (message == null ? "" : ": " + message));
            case 401, 403 -> new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true,
                    provider + " refused our credentials");
            case 408, 409, 429 -> ProviderException.rateLimited(provider + " answered " + status, retryAfter);
            default -> ProviderException.failed(provider + " answered " + status);
        };
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
