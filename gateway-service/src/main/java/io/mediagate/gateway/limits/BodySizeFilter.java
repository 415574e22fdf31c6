package io.mediagate.gateway.limits;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * API bodies are small JSON documents: a declared body over {@code max-body-bytes} is refused with 413
 * {@code payload_too_large} in the envelope before it is read. (The HTTP server's own cap, higher,
 * still stops undeclared streams.)
 */
public class BodySizeFilter {
    private final long maxBytes;

    BodySizeFilter(@ConfigProperty(name = "mediagate.limits.max-body-bytes", defaultValue = "1048576") long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @ServerRequestFilter(preMatching = true, priority = 5500)
    public Response check(ContainerRequestContext ctx) {
        String declared = ctx.getHeaderString("Content-Length");
        if (declared == null) {
            return null;
        }
        try {
            if (Long.parseLong(declared.trim()) <= maxBytes) {
                return null;
            }
        } catch (NumberFormatException e) {
            return ApiExceptionMapper.render(ApiException.invalid(null, "Content-Length is not a number"));
        }
        return ApiExceptionMapper.render(new ApiException(ErrorCode.PAYLOAD_TOO_LARGE,
                "request bodies are limited to " + maxBytes + " bytes"));
    }
}
