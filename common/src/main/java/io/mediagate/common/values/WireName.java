package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enumeration of the contract that travels by its lowercase name ({@code transcoding}, {@code second}): written so by
 * Jackson ({@link #wire}), read back by {@link #read}, which gives a name this version does not know as the enum's
 * catch-all (its {@code UNKNOWN}, or null where absence is the default) instead of failing.
 */
public interface WireName {
    String name();

    @JsonValue
    default String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} named {@code wire}; null for null, {@code otherwise} for a name not known. */
    static <E extends Enum<E> & WireName> E read(Class<E> type, String wire, E otherwise) {
        if (wire == null) {
            return null;
        }
        for (E value : type.getEnumConstants()) {
            if (value != otherwise && value.wire().equals(wire)) {
                return value;
            }
        }
        return otherwise;
    }
}
