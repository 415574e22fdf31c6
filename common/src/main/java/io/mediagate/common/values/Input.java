package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What a model or an offer takes in: a text prompt, an image (an edit's or a video's reference), a mask (an edit may
 * send one), a source video. On the wire and in the catalog file by its lowercase name; a name this version does not
 * know reads as {@link #UNKNOWN} (the catalog's validation refuses it, naming the model), never as an exception.
 */
public enum Input {
    TEXT, IMAGE, MASK, VIDEO, UNKNOWN;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The input a wire name gives; null for null, {@link #UNKNOWN} for a name this version does not know. */
    @JsonCreator
    public static Input of(String wire) {
        if (wire == null) {
            return null;
        }
        for (Input input : values()) {
            if (input != UNKNOWN && input.wire().equals(wire)) {
                return input;
            }
        }
        return UNKNOWN;
    }
}
