package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * What the Gemini API's failures mean, for every adapter that calls it (images and Veo). Google's errors are
 * {@code {"error": {"code", "message", "status", "details"}}}. An invalid key comes as 400 {@code INVALID_ARGUMENT}
 * with reason {@code API_KEY_INVALID}, and a project without billing or outside the supported regions as 400
 * {@code FAILED_PRECONDITION}: both are the deployment's, not the caller's. Safety refusals are worded in the message
 * only. A 429 may carry its wait as {@code google.rpc.RetryInfo} ({@code "retryDelay": "23s"}) instead of a header.
 */
public final class GoogleErrors {
    private GoogleErrors() {
    }

    public static ProviderException failure(Upstream upstream, ProviderSpec provider, HttpResponse<?> response, byte[] body) {
        JsonNode read = upstream.read(body);
        JsonNode error = read == null ? null : read.path("error");
        String status = error == null ? null : Upstream.text(error, "status");
        String message = error == null ? null : Upstream.text(error, "message");
        boolean badKey = error != null && error.path("details").findValuesAsText("reason").contains("API_KEY_INVALID");
        if (badKey || "FAILED_PRECONDITION".equals(status) || "PERMISSION_DENIED".equals(status) || "UNAUTHENTICATED".equals(status)) {
            return ProviderException.credentials(provider.id() + " refused our credentials or project");
        }
        if (response.statusCode() == 400 && moderation(message)) {
            return ProviderException.moderated("the request was refused by the provider's content policy");
        }
        if (response.statusCode() == 429 && upstream.retryAfter(response).isEmpty() && error != null) {
            String delay = error.path("details").findValuesAsText("retryDelay").stream().findFirst().orElse("");
            if (delay.matches("\\d+(\\.\\d+)?s")) {
                return ProviderException.rateLimited(provider.id() + " answered 429",
                        Duration.ofMillis(Math.round(Double.parseDouble(delay.substring(0, delay.length() - 1)) * 1000)));
            }
        }
        return upstream.failure(provider, response, message);
    }

    /** Whether a message of Google's is a safety refusal. */
    public static boolean moderation(String message) {
        return message != null && message.toLowerCase(Locale.ROOT)
                .matches("(?s).*(safety|responsible ai|usage guidelines|sensitive|blocked).*");
    }
}
