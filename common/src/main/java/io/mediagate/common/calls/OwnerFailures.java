package io.mediagate.common.calls;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

/** A REST Client's non-2xx answer as {@link OwnerFailure} reads it, for {@link InternalClients}. */
final class OwnerFailures implements ResponseExceptionMapper<ApiException> {
    private final ObjectMapper json;
    private final String client;

    /** {@code client} names the client in the log: its API and the owner's address. */
    OwnerFailures(ObjectMapper json, String client) {
        this.json = json;
        this.client = client;
    }

    @Override
    public boolean handles(int status, MultivaluedMap<String, Object> headers) {
        // 0 is no answer at all (a refused connection), which the client fails with a ProcessingException instead.
        return status >= 300;
    }

    @Override
    public ApiException toThrowable(Response response) {
        byte[] body = response.hasEntity() ? response.readEntity(byte[].class) : new byte[0];
        return OwnerFailure.of(json, client, response.getStatus(), body == null ? new byte[0] : body);
    }
}
