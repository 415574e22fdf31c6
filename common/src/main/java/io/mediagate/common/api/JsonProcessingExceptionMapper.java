package io.mediagate.common.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Unparseable or mistyped JSON is the caller's error: 400 {@code invalid_request}, never a 500. */
@Provider
public class JsonProcessingExceptionMapper implements ExceptionMapper<JsonProcessingException> {
    @Override
    public Response toResponse(JsonProcessingException e) {
        String detail = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
        int cut = detail.indexOf('\n');
        return ApiExceptionMapper.render(ApiException.invalid(null,
                "malformed JSON body: " + (cut > 0 ? detail.substring(0, cut) : detail)));
    }
}
