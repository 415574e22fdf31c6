package io.mediagate.common.api;

import io.mediagate.common.tracing.Tracing;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;

/**
 * Gives every request an id (the caller's {@code X-Request-Id} when it is sane, else a new one),
 * echoes it on the response, writes it into failure bodies as {@code request_id} and names it in the
 * log lines written while the request is served.
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
        String id = given != null && SANE.matcher(given).matches() ? given : newId();
        request.setProperty(PROPERTY, id);
        MDC.put(Tracing.REQUEST_ID, id); // for the log lines written while it is served
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(PROPERTY);
        if (id == null) {
            id = newId();
        }
        response.getHeaders().putSingle(HEADER, id);
        MDC.remove(Tracing.REQUEST_ID);
        if (response.getEntity() instanceof ErrorBody body && body.requestId == null) {
            body.requestId = id.toString();
        }
    }

    public static String newId() {
        return "req_" + UUID.randomUUID().toString().replace("-", "");
    }
}
