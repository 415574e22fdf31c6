package io.mediagate.common.catalog;

import java.time.Instant;
import java.util.Locale;

/**
 * An offer taken out of routing: the provider answered that the model or endpoint it names is gone (a {@code gone}
 * attempt), or the catalog check did not find it in the provider's listing. It stays retired until the next check
 * finds the model again. {@code model} is the catalog's model id ({@code base/model}), {@code provider} the offer's.
 */
public record Retirement(String model, String provider, String reason, Instant at) {
    public Retirement {
        model = model.toLowerCase(Locale.ROOT);
    }

    /** The key an offer is known by: {@code model@provider}. */
    public static String key(String model, String provider) {
        return model.toLowerCase(Locale.ROOT) + "@" + provider;
    }

    public String key() {
        return key(model, provider);
    }
}
