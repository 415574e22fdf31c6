package io.mediagate.routing.providers.gemini;

import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ErrorReader;
import java.util.List;
import java.util.Map;

/**
 * What the Gemini API's failures mean, for every adapter that calls it (images and Veo). Google's errors are
 * {@code {"error": {"code", "message", "status", "details"}}}. An invalid key comes as 400 {@code INVALID_ARGUMENT}
 * with reason {@code API_KEY_INVALID} in an {@code ErrorInfo} of {@code details}, and a project without billing or
 * outside the supported regions as 400 {@code FAILED_PRECONDITION}: both are the deployment's, not the caller's.
 * Safety refusals are worded in the message only. A 429 may carry its wait as {@code google.rpc.RetryInfo}
 * ({@code "retryDelay": "23s"}) instead of a header.
 */
public final class GoogleErrors {
    private static final FailureClass DEPLOYMENT = FailureClass.CREDENTIALS;

    public static final ErrorReader ERRORS = ErrorReader.message("/error/message")
            .codes(List.of("/error/details/*/reason", "/error/status"), Map.of("API_KEY_INVALID", DEPLOYMENT,
                    "FAILED_PRECONDITION", DEPLOYMENT, "PERMISSION_DENIED", DEPLOYMENT, "UNAUTHENTICATED", DEPLOYMENT))
            .moderation("(?s).*(safety|responsible ai|usage guidelines|sensitive|blocked).*")
            .waitIn("\"retryDelay\"\\s*:\\s*\"([0-9]+(?:\\.[0-9]+)?)s\"");

    private GoogleErrors() {
    }
}
