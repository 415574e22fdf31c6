package io.mediagate.common.api;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Turns the framework's own failures (no such route, wrong method, unreadable body...) into the
 * failure envelope, so that no path ever answers with a bare framework page.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {
    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        ErrorCode code = codeFor(status);
        String message = messageFor(code);
        return ApiExceptionMapper.render(code == ErrorCode.SERVICE_UNAVAILABLE ? ApiException.unavailable(message) : new ApiException(code, message));
    }

    /** The contract's code for a status the framework produced on its own. */
    public static ErrorCode codeFor(int status) {
        return switch (status) {
            case 400, 414, 431 -> ErrorCode.INVALID_REQUEST;
            case 401 -> ErrorCode.AUTHENTICATION_ERROR;
            case 403 -> ErrorCode.PERMISSION_DENIED;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 406, 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 503 -> ErrorCode.SERVICE_UNAVAILABLE;
            default -> ErrorCode.INTERNAL_ERROR;
        };
    }

    /** A message for such a failure, with nothing of the framework's internals in it. */
    public static String messageFor(ErrorCode code) {
        return switch (code) {
            case NOT_FOUND -> "no such route";
            case METHOD_NOT_ALLOWED -> "method not allowed on this route";
            case UNSUPPORTED_MEDIA_TYPE -> "unsupported content type; send application/json";
            case INVALID_REQUEST -> "malformed request";
            case INTERNAL_ERROR -> "internal error";
            default -> code.code().replace('_', ' ');
        };
    }
}
