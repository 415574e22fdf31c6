package io.mediagate.common.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Gives every request an id (the caller's {@code X-Request-Id} when it is sane, else a new one),
 * echoes it on the response and writes it into failure bodies as {@code request_id}.
 */
@Provider
@PreMatching
public class RequestIdFilter implements ContainerRequestFilter, ContainerResponseFilter {
    public static final String HEADER = "X-Request-Id";
    public static final String PROPERTY = "mediagate.requestId";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    @Override
    public void filter(ContainerRequestContext request) {
        String given = request.getHeaderString(HEADER);
        request.setProperty(PROPERTY, given != null && SANE.matcher(given).matches() ? given : newId());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(PROPERTY);
        if (id == null) {
            id = newId();
        }
        response.getHeaders().putSingle(HEADER, id);
        if (response.getEntity() instanceof ErrorBody body && body.requestId == null) {
            body.requestId = id.toString();
        }
    }

    public static String newId() {
        return "req_" + UUID.randomUUID().toString().replace("-", "");
    }
}
