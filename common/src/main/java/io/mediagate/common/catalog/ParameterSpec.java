package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A model-specific request parameter (e.g. {@code style}, {@code seed}) and its schema. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParameterSpec(
        String name,
        String type,
        @JsonProperty("enum") List<String> enumValues,
        Double min,
        Double max,
        @JsonProperty("default") Object defaultValue,
        String description) {
}
