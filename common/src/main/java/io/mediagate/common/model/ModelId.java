package io.mediagate.common.model;

import io.mediagate.common.api.ApiException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A model identifier {@code base/model[:version]}: base is the provider or model family, model the
 * model name, version optional (latest when absent). Base and name compare case-insensitively.
 */
public record ModelId(String base, String name, Optional<String> version) {
    private static final Pattern FORM =
            Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]{0,63})/([A-Za-z0-9][A-Za-z0-9._-]{0,127})(?::([A-Za-z0-9][A-Za-z0-9._-]{0,63}))?");

    public ModelId {
        base = base.toLowerCase(Locale.ROOT);
        name = name.toLowerCase(Locale.ROOT);
    }

    /** Parses the identifier or fails with 400 {@code invalid_request} naming {@code param}. */
    public static ModelId parse(String value, String param) {
        return tryParse(value).orElseThrow(() -> ApiException.invalid(param,
                param + " must look like base/model or base/model:version"));
    }

    public static Optional<ModelId> tryParse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ModelId(m.group(1), m.group(2), Optional.ofNullable(m.group(3))));
    }

    /** {@code base/model}, without the version. */
    public String id() {
        return base + "/" + name;
    }

    /** {@code base/model:version} for the given version. */
    public String slug(String resolvedVersion) {
        return id() + ":" + resolvedVersion;
    }

    @Override
    public String toString() {
        return version.map(v -> id() + ":" + v).orElse(id());
    }
}
