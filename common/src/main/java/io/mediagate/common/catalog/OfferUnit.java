package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What an offer's price is per: each image made, or each second of video its provider is asked for. On the wire and in
 * the catalog file by its lowercase name; a name this version does not know reads as {@link #UNKNOWN} (the catalog's
 * validation refuses it, naming the offer), never as an exception.
 */
public enum OfferUnit {
    IMAGE, SECOND, UNKNOWN;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The unit a wire name gives; null for null, {@link #UNKNOWN} for a name this version does not know. */
    @JsonCreator
    public static OfferUnit of(String wire) {
        if (wire == null) {
            return null;
        }
        for (OfferUnit unit : values()) {
            if (unit != UNKNOWN && unit.wire().equals(wire)) {
                return unit;
            }
        }
        return UNKNOWN;
    }
}
