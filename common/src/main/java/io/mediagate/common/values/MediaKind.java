package io.mediagate.common.values;

import java.util.Locale;

/** What is being generated or stored. */
public enum MediaKind implements WireName {
    IMAGE, VIDEO;

    /** The kind a wire name gives ({@code image}, {@code video}, in any case); refused (an exception) for any other. */
    public static MediaKind fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
