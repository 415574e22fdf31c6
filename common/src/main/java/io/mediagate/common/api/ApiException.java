package io.mediagate.common.api;

import java.util.Map;

/**
 * A failure the caller should see as it is: code, human message, optional offending parameter and
 * extra body fields (for example {@code retry_after}). Thrown anywhere; rendered by {@link ApiExceptionMapper}.
 */
public class ApiException extends RuntimeException {
    private final ErrorCode code;
    private final String param;
    private final Map<String, Object> extra;

    public ApiException(ErrorCode code, String message) {
        this(code, message, null, Map.of());
    }

    public ApiException(ErrorCode code, String message, String param) {
        this(code, message, param, Map.of());
    }

    public ApiException(ErrorCode code, String message, String param, Map<String, Object> extra) {
        super(message, null, false, false);
        this.code = code;
        this.param = param;
        this.extra = Map.copyOf(extra);
    }

    public static ApiException invalid(String param, String message) {
        return new ApiException(ErrorCode.INVALID_REQUEST, message, param);
    }

    /** Seconds a caller is told to wait ({@code Retry-After}) when a dependency is unavailable or overloaded. */
    public static final int UNAVAILABLE_RETRY_SECONDS = 2;

    /** 503 {@code service_unavailable} with {@code retry_after} (and so a {@code Retry-After} header). */
    public static ApiException unavailable(String message) {
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, message, null, Map.of("retry_after", UNAVAILABLE_RETRY_SECONDS));
    }

    public ErrorCode code() {
        return code;
    }

    public String param() {
        return param;
    }

    public Map<String, Object> extra() {
        return extra;
    }

    public ErrorBody body(String requestId) {
        return ErrorBody.of(code, getMessage(), param, requestId, extra);
    }
}
