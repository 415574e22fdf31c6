package io.mediagate.gateway.auth;

import io.mediagate.common.api.ApiException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** What a key may do. A key issued without scopes may do everything its account can. */
public enum Scope {
    IMAGES("images"),
    VIDEOS("videos"),
    MEDIA_READ("media:read"),
    MEDIA_WRITE("media:write"),
    USAGE("usage"),
    BATCHES("batches");

    public final String wire;

    Scope(String wire) {
        this.wire = wire;
    }

    public static Optional<Scope> parse(String value) {
        for (Scope s : values()) {
            if (s.wire.equals(value == null ? null : value.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Scopes stored as space-separated wire names; null (every scope) stays null. */
    public static Set<Scope> fromColumn(String column) {
        if (column == null) {
            return null;
        }
        Set<Scope> out = EnumSet.noneOf(Scope.class);
        for (String part : column.trim().split("\\s+")) {
            parse(part).ifPresent(out::add);
        }
        return out;
    }

    public static String toColumn(Set<Scope> scopes) {
        return scopes == null ? null : scopes.stream().map(s -> s.wire).collect(Collectors.joining(" "));
    }

    /** A list of wire names from a request, every one known, at least one. */
    public static Set<Scope> parseAll(Iterable<String> names) {
        Set<Scope> out = EnumSet.noneOf(Scope.class);
        for (String name : names) {
            out.add(parse(name).orElseThrow(() -> ApiException.invalid("scopes",
                    "unknown scope " + name + "; scopes are images, videos, media:read, media:write, usage and batches")));
        }
        if (out.isEmpty()) {
            throw ApiException.invalid("scopes", "scopes needs at least one scope (leave it out for a key that may do everything)");
        }
        return out;
    }
}
