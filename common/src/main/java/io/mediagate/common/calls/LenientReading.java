package io.mediagate.common.calls;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.ext.ContextResolver;

/** The JSON an internal REST Client reads answers with: an owner deployed ahead of the caller may answer fields it does not know yet. */
final class LenientReading implements ContextResolver<ObjectMapper> {
    private final ObjectMapper lenient;

    LenientReading(ObjectMapper json) {
        this.lenient = json.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return lenient;
    }
}
