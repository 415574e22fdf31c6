package io.mediagate.common.api;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/**
 * Last resort: a dependency that could not be reached is 503 {@code service_unavailable} with
 * {@code Retry-After}; anything else is logged here and the caller hears only that something failed on our side.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(Throwable e) {
        if (DependencyFailures.in(e)) {
            LOG.warnf("a dependency is unavailable: %s", e.toString());
            return ApiExceptionMapper.render(ApiException.unavailable("the service is temporarily unavailable; try again shortly"));
        }
        LOG.error("unhandled failure", e);
        return ApiExceptionMapper.render(new ApiException(ErrorCode.INTERNAL_ERROR, "internal error"));
    }
}
