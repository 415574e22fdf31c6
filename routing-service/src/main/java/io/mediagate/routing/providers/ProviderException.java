package io.mediagate.routing.providers;

import io.mediagate.common.api.ErrorCode;
import java.time.Duration;
import java.util.Optional;

/**
 * A provider call that failed, classified: retryable failures (429, 5xx, timeouts, connection errors,
 * credentials the provider refused) move on; the rest (invalid input, moderation) end the request.
 * {@code retryAfter} is the provider's own hint, when it gave one.
 */
public class ProviderException extends RuntimeException {
    private final ErrorCode code;
    private final boolean retryable;
    private final Duration retryAfter;

    public ProviderException(ErrorCode code, boolean retryable, String message) {
        this(code, retryable, message, null);
    }

    public ProviderException(ErrorCode code, boolean retryable, String message, Duration retryAfter) {
        super(message, null, false, false);
        this.code = code;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
    }

    public static ProviderException rateLimited(String message, Duration retryAfter) {
        return new ProviderException(ErrorCode.PROVIDER_ERROR, true, message, retryAfter);
    }

    public static ProviderException failed(String message) {
        return new ProviderException(ErrorCode.PROVIDER_ERROR, true, message);
    }

    public static ProviderException timedOut(String message) {
        return new ProviderException(ErrorCode.PROVIDER_TIMEOUT, true, message);
    }

    public static ProviderException moderated(String message) {
        return new ProviderException(ErrorCode.CONTENT_POLICY_VIOLATION, false, message);
    }

    /** The provider cannot serve us now (credentials, account, configuration): the next one is tried. */
    public static ProviderException unavailable(String message) {
        return new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true, message);
    }

    public static ProviderException rejected(String message) {
        return new ProviderException(ErrorCode.INVALID_REQUEST, false, message);
    }

    public ErrorCode code() {
        return code;
    }

    public boolean retryable() {
        return retryable;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
