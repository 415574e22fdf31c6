package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What is being generated or stored. */
public enum MediaKind {
    IMAGE, VIDEO;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MediaKind fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
