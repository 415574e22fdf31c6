package io.mediagate.routing.providers.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Upstream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Signed JSON calls to Bedrock's runtime and the reading of its errors: the exception's name in the
 * {@code x-amzn-ErrorType} header (or the body's {@code __type}), its words in {@code message}.
 */
public final class BedrockCalls {
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

    /**
     * Bedrock's exceptions, named in {@code x-amzn-ErrorType} or the body's {@code __type}
     * ({@code ValidationException:http://...}, {@code com.amazon.coral.service#ThrottlingException}): refused or unknown
     * keys and no model access (credentials); throttling, quotas and a model not ready (rate limits); a model that does not
     * exist (gone); the model's timeout; its own and the model's errors (retryable). A {@code ValidationException} is read
     * by its 400 (the request's), or as moderation when its words are the content filters'.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/message", "/Message").codeHeader("x-amzn-ErrorType")
            .codes("/__type", exceptions()).codeForm("([A-Za-z]+Exception)")
            .moderation("(?s).*(content filter|blocked by|responsible ai).*");

    private static Map<String, FailureClass> exceptions() {
        Map<String, FailureClass> exceptions = new java.util.HashMap<>();
        List.of("AccessDeniedException", "UnrecognizedClientException", "InvalidSignatureException", "ExpiredTokenException",
                "MissingAuthenticationTokenException", "IncompleteSignatureException").forEach(e -> exceptions.put(e, FailureClass.CREDENTIALS));
        List.of("ThrottlingException", "ServiceQuotaExceededException", "ModelNotReadyException", "TooManyRequestsException")
                .forEach(e -> exceptions.put(e, FailureClass.RATE_LIMITED));
        exceptions.put("ModelTimeoutException", FailureClass.TIMEOUT);
        exceptions.put("ResourceNotFoundException", FailureClass.GONE);
        List.of("ModelErrorException", "InternalServerException", "ServiceUnavailableException").forEach(e -> exceptions.put(e, FailureClass.TRANSIENT));
        return Map.copyOf(exceptions);
    }

    /** A path segment as Bedrock's URLs take it (model ids and ARNs carry {@code :} and {@code /}). */
    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode answer(ProviderSpec provider, HttpResponse<byte[]> response) {
        if (response.statusCode() == 200) {
            return upstream.object(provider, response);
        }
        throw ERRORS.read(upstream, provider, response, response.body());
    }

    /** Bedrock's content filters refuse in words; Nova's failure messages use the same ones. */
    static boolean blocked(String message) {
        return ERRORS.moderates(message);
    }
}
