package io.mediagate.common.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Every service reads JSON strictly: an object that names a field twice ({@code {"mime":…,"mime":…}}) is malformed,
 * not "the last one wins", since which value the caller meant cannot be told (400 through
 * {@link JsonProcessingExceptionMapper}).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }
}
