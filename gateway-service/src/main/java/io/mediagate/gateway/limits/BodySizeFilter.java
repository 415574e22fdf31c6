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
 * {@code payload_too_large} in the envelope before it is read. Image edits and variations, and OpenAI-shaped
 * video creation, carry files: their multipart bodies may reach {@code max-form-bytes} (each file is further
 * limited to 20 MB). (The HTTP
 * server's own cap, at least as high, still stops undeclared streams.)
 */
public class BodySizeFilter {
    private final long maxBytes;
    private final long maxFormBytes;

    BodySizeFilter(@ConfigProperty(name = "mediagate.limits.max-body-bytes", defaultValue = "1048576") long maxBytes,
                   @ConfigProperty(name = "mediagate.limits.max-form-bytes", defaultValue = "67108864") long maxFormBytes) {
        this.maxBytes = maxBytes;
        this.maxFormBytes = maxFormBytes;
    }

    @ServerRequestFilter(preMatching = true, priority = 5500)
    public Response check(ContainerRequestContext ctx) {
        String declared = ctx.getHeaderString("Content-Length");
        if (declared == null) {
            return null;
        }
        long limit = takesFiles(ctx) ? maxFormBytes : maxBytes;
        try {
            if (Long.parseLong(declared.trim()) <= limit) {
                return null;
            }
        } catch (NumberFormatException e) {
            return ApiExceptionMapper.render(ApiException.invalid(null, "Content-Length is not a number"));
        }
        return ApiExceptionMapper.render(new ApiException(ErrorCode.PAYLOAD_TOO_LARGE,
                "request bodies " + (limit == maxFormBytes ? "with files " : "") + "are limited to " + limit + " bytes"));
    }

    private static boolean takesFiles(ContainerRequestContext ctx) {
        String raw = ctx.getUriInfo().getPath();
        String path = raw.startsWith("/") ? raw : "/" + raw;
        return "POST".equals(ctx.getMethod()) && (path.equals("/v1/images/edits") || path.equals("/v1/images/variations")
                || path.equals("/v1/videos"));
    }
}
