package io.mediagate.routing.ranking;

import java.util.Locale;

/** How a provider is chosen (seed "Routing rules"); {@code EXPLICIT} when the caller named one. */
public enum RoutingMode {
    OPTIMAL, CHEAPEST, COMPATIBLE, EXPLICIT;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RoutingMode of(String routing, String provider) {
        if (provider != null) {
            return EXPLICIT;
        }
        return routing == null ? OPTIMAL : valueOf(routing.toUpperCase(Locale.ROOT));
    }
}
