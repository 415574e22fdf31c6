package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;
import java.util.Set;

/** The capability of making images. Adapters that cannot make images simply do not implement it. */
public interface ImageGenerator {
    /** Generates {@code task.n()} images at {@code provider} or throws {@link ProviderException}. */
    List<GeneratedImage> generate(ProviderSpec provider, ImageTask task);

    /**
     * Parameters an offer may declare for edits that the provider's generation endpoint does not take (OpenAI's
     * {@code input_fidelity}): a generation offer is treated as lacking them (see {@link ImageEditor#notTakenByEdits}).
     */
    default Set<String> notTakenByGenerations() {
        return Set.of();
    }
}
