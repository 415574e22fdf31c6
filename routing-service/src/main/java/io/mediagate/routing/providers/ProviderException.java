package io.mediagate.routing.providers;

import io.mediagate.common.api.ErrorCode;

/**
 * A provider call that failed, classified: retryable failures (429, 5xx, timeouts, connection errors)
 * move on to the next candidate; the rest (invalid input, moderation) end the request.
 */
public class ProviderException extends RuntimeException {
    private final ErrorCode code;
    private final boolean retryable;

    public ProviderException(ErrorCode code, boolean retryable, String message) {
        super(message, null, false, false);
        this.code = code;
        this.retryable = retryable;
    }

    public ErrorCode code() {
        return code;
    }

    public boolean retryable() {
        return retryable;
    }
}
