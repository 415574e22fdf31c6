package io.mediagate.common.calls;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import java.io.IOException;
import org.jboss.logging.Logger;

/**
 * How a Mediagate service reads another's failed answer, whichever client made the call: the owner's envelope as
 * an {@link ApiException} with its code, message and param; without one, a 502, 503 or 504 (a proxy or a service
 * starting) is 503 {@code service_unavailable}, a bare 401 or 403 (the owner's security layer refusing the token
 * before any resource ran) is {@code authentication_error} or {@code permission_denied}, anything else 500
 * {@code internal_error}.
 */
public final class OwnerFailure {
    private static final Logger LOG = Logger.getLogger(OwnerFailure.class);
    static final String UNAVAILABLE = "a Mediagate service is unavailable; try again shortly";

    private OwnerFailure() {
    }

    /** The failure {@code what} (a method and address, for the log) answered with {@code status} and {@code body}. */
    public static ApiException of(ObjectMapper json, String what, int status, byte[] body) {
        try {
            ErrorBody error = json.readValue(body, ErrorBody.class);
            if (error.code != null) {
                return error.toException();
            }
        } catch (IOException e) {
            // answered below
        }
        if (status == 502 || status == 503 || status == 504) {
            return ApiException.unavailable(UNAVAILABLE);
        }
        if (status == 401 || status == 403) {
            LOG.errorf("%s refused this service's token (%d)", what, status);
            return new ApiException(status == 401 ? ErrorCode.AUTHENTICATION_ERROR : ErrorCode.PERMISSION_DENIED,
                    "a Mediagate service refused the internal token");
        }
        LOG.errorf("%s answered %d without an error envelope", what, status);
        return new ApiException(ErrorCode.INTERNAL_ERROR, "internal error");
    }

    /** No answer at all (refused, dropped, timed out): the owner is unavailable for now. */
    public static ApiException unreachable() {
        return ApiException.unavailable(UNAVAILABLE);
    }
}
