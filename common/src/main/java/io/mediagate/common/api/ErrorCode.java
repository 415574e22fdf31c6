package io.mediagate.common.api;

/** Every failure code of the public contract, with the one HTTP status each maps to (docs/api-guide.md, "Error codes"). */
public enum ErrorCode {
    AUTHENTICATION_ERROR(401),
    PERMISSION_DENIED(403),
    INVALID_REQUEST(400),
    MODEL_NOT_FOUND(404),
    /**
     * (+) The model is shut down at its provider (its lifecycle's shutdown day has come), or no provider has it any more
     * (every offer retired): it will not come back. Extra: {@code replacement}, the model named in its place, where one is.
     */
    MODEL_RETIRED(410),
    PROVIDER_NOT_FOUND(404),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    UNSUPPORTED_PARAMETER(422),
    NO_COMPATIBLE_PROVIDER(422),
    CONTENT_POLICY_VIOLATION(422),
    RATE_LIMIT_EXCEEDED(429),
    PAYLOAD_TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    UPLOAD_INCOMPLETE(409),
    /** (+) The job was cancelled by its owner (the answer to a request still waiting for it). */
    JOB_CANCELLED(409),
    /** (+) A finished job cannot be cancelled. */
    JOB_FINISHED(409),
    /** (+) The request's worst-case price would pass a spend cap of the account or key. */
    BUDGET_EXCEEDED(402),
    /** (+) An {@code Idempotency-Key} reused with a different request. */
    IDEMPOTENCY_CONFLICT(409),
    /**
     * (+) A request sent with a {@code quote_id} that would now cost more than it was quoted at (a price rose, or the offers
     * quoted are gone). Extra: {@code quoted}, the price quoted, and {@code price}, what it would cost now.
     */
    PRICE_CHANGED(409),
    PROVIDER_ERROR(502),
    PROVIDER_UNAVAILABLE(503),
    SERVICE_UNAVAILABLE(503),
    PROVIDER_TIMEOUT(504),
    INTERNAL_ERROR(500);

    private final int status;

    ErrorCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** The wire form, e.g. {@code invalid_request}. */
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses a wire code; unknown codes become {@link #INTERNAL_ERROR}. */
    public static ErrorCode fromCode(String code) {
        if (code == null) {
            return INTERNAL_ERROR;
        }
        for (ErrorCode c : values()) {
            if (c.code().equals(code)) {
                return c;
            }
        }
        return INTERNAL_ERROR;
    }
}
