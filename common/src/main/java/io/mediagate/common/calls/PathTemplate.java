package io.mediagate.common.calls;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An internal API's path, written once as the JAX-RS template its resource is served at ({@code /internal/v1/media/{id}/content})
 * and filled in by its client: each {@code {name}} or {@code {name: regex}} by the next value, encoded as one path
 * segment (a model id's {@code /} travels as {@code %2F}).
 */
public final class PathTemplate {
    private static final Pattern VARIABLE = Pattern.compile("\\{[^}]+}");

    private PathTemplate() {
    }

    /** {@code template} with its variables replaced by {@code values}, in order. */
    public static String expand(String template, String... values) {
        Matcher m = VARIABLE.matcher(template);
        StringBuilder out = new StringBuilder();
        int next = 0;
        while (m.find()) {
            if (next == values.length) {
                throw new IllegalArgumentException("too few values for " + template);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(segment(values[next++])));
        }
        m.appendTail(out);
        if (next != values.length) {
            throw new IllegalArgumentException("too many values for " + template);
        }
        return out.toString();
    }

    /** {@code base} (a service's URL) followed by the filled-in {@code template}. */
    public static URI at(String base, String template, String... values) {
        return URI.create(trimmed(base) + expand(template, values));
    }

    /** {@code value} encoded as one path segment, or as one query value. */
    public static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String trimmed(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
