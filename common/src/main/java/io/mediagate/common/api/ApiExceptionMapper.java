package io.mediagate.common.api;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Renders an {@link ApiException} as the failure envelope with its status and headers. */
@Provider
public class ApiExceptionMapper implements ExceptionMapper<ApiException> {
    @Override
    public Response toResponse(ApiException e) {
        return render(e);
    }

    public static Response render(ApiException e) {
        Response.ResponseBuilder builder = Response.status(e.code().status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(e.body(null));
        Object retryAfter = e.extra().get("retry_after");
        if (retryAfter != null) {
            builder.header("Retry-After", retryAfter.toString());
        }
        return builder.build();
    }
}
