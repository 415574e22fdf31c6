package io.mediagate.routing.providers.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Signed JSON calls to Bedrock's runtime and the reading of its errors: the exception's name in the
 * {@code x-amzn-ErrorType} header (or the body's {@code __type}), its words in {@code message}.
 */
final class BedrockCalls {
    private final Upstream upstream;
    private final AwsSigner signer;

    BedrockCalls(Upstream upstream) {
        this.upstream = upstream;
        this.signer = new AwsSigner(upstream.clock());
    }

    Upstream upstream() {
        return upstream;
    }

    AwsSigner signer() {
        return signer;
    }

    /** POSTs {@code body} as JSON to {@code path} under the runtime endpoint; the answer's JSON object. */
    JsonNode post(ProviderSpec provider, BedrockSettings settings, String path, Object body) {
        byte[] json = upstream.write(body);
        URI uri = URI.create(settings.runtimeBase() + path);
        return answer(provider, upstream.send(provider, signer.sign(upstream.request(uri.toString()), "POST", uri,
                Map.of("Content-Type", "application/json", "Accept", "application/json"), json, settings, "bedrock").build()));
    }

    JsonNode get(ProviderSpec provider, BedrockSettings settings, String path) {
        URI uri = URI.create(settings.runtimeBase() + path);
        return answer(provider, upstream.send(provider, signer.sign(upstream.request(uri.toString()), "GET", uri,
                Map.of("Accept", "application/json"), null, settings, "bedrock").build()));
    }

    /** A path segment as Bedrock's URLs take it (model ids and ARNs carry {@code :} and {@code /}). */
    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode answer(ProviderSpec provider, HttpResponse<byte[]> response) {
        if (response.statusCode() == 200) {
            return upstream.object(provider, response);
        }
        JsonNode body = upstream.read(response.body());
        String message = body == null ? null : firstText(body, "message", "Message");
        String type = response.headers().firstValue("x-amzn-ErrorType")
                .or(() -> java.util.Optional.ofNullable(body == null ? null : Upstream.text(body, "__type"))).orElse("");
        throw failure(provider, exceptionName(type), message, response);
    }

    /** {@code ValidationException:http://...} and {@code com.amazon.coral.service#ThrottlingException} both name the exception. */
    static String exceptionName(String type) {
        String name = type.substring(type.lastIndexOf('#') + 1);
        int colon = name.indexOf(':');
        return colon < 0 ? name : name.substring(0, colon);
    }

    private static String firstText(JsonNode body, String... fields) {
        for (String field : fields) {
            String text = Upstream.text(body, field);
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    /** Bedrock's content filters refuse in words; Nova's failure messages use the same ones. */
    static boolean blocked(String message) {
        return message != null && message.toLowerCase(Locale.ROOT).matches("(?s).*(content filter|blocked by|responsible ai).*");
    }

    /**
     * Bedrock's exceptions: refused or unknown keys and no model access (credentials); throttling, quotas and a model
     * not ready (rate limits); a model that does not exist (gone); a validation error (the caller's, or moderation when the content filters say so);
     * the model's timeout; its own and the model's errors (retryable). Others by HTTP status.
     */
    private ProviderException failure(ProviderSpec provider, String type, String message, HttpResponse<?> response) {
        String detail = message == null || message.isBlank() ? "" : ": " + message;
        return switch (type) {
            case "AccessDeniedException", "UnrecognizedClientException", "InvalidSignatureException", "ExpiredTokenException",
                 "MissingAuthenticationTokenException", "IncompleteSignatureException" ->
                    ProviderException.credentials(provider.id() + " refused our credentials (" + type + ")");
            case "ThrottlingException", "ServiceQuotaExceededException", "ModelNotReadyException", "TooManyRequestsException" ->
                    ProviderException.rateLimited(provider.id() + " " + type, upstream.retryAfter(response).orElse(null));
            case "ValidationException" -> blocked(message)
                    ? ProviderException.moderated("the request was refused by the provider's content policy")
                    : ProviderException.rejected("the provider rejected the request" + detail);
            case "ModelTimeoutException" -> ProviderException.timedOut(provider.id() + " model timed out");
            case "ResourceNotFoundException" -> ProviderException.gone(provider.id() + " " + type + detail);
            case "ModelErrorException", "InternalServerException", "ServiceUnavailableException" ->
                    ProviderException.failed(provider.id() + " " + type + detail);
            default -> upstream.failure(provider, response, message);
        };
    }
}
