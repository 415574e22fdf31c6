package io.mediagate.gateway.edge;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.io.CappedInputStream;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The API body limit where {@link EdgeGuard} cannot apply it before the REST layer: a body sent without
 * {@code Content-Length} over HTTP/2. Any body a resource reads (JSON, text) that runs past
 * {@code max-body-bytes} is 413; multipart bodies with files have their own per-file and per-request limits. The
 * server's only: the answers of the services the gateway calls through its REST Clients are not a caller's body.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER)
public class BodyCap implements ReaderInterceptor {
    private final long maxBodyBytes;

    BodyCap(@ConfigProperty(name = "mediagate.limits.max-body-bytes", defaultValue = "1048576") long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type == null || !type.isCompatible(MediaType.MULTIPART_FORM_DATA_TYPE)) {
            context.setInputStream(new CappedInputStream(context.getInputStream(), maxBodyBytes, () ->
                    new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "request bodies are limited to " + maxBodyBytes + " bytes")));
        }
        return context.proceed();
    }
}
