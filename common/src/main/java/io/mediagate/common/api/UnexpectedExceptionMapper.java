package io.mediagate.common.api;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/** Last resort: log the cause here, tell the caller only that something failed on our side. */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(Throwable e) {
        LOG.error("unhandled failure", e);
        return ApiExceptionMapper.render(new ApiException(ErrorCode.INTERNAL_ERROR, "internal error"));
    }
}
