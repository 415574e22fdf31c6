package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Video duration bounds and default, in seconds. */
public record DurationSpec(double min, double max, @JsonProperty("default") double defaultValue) {
}
