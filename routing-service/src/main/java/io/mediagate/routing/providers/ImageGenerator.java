package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;

/** The capability of making images. Adapters that cannot make images simply do not implement it. */
public interface ImageGenerator {
    /** Generates {@code task.n()} images at {@code provider} or throws {@link ProviderException}. */
    List<GeneratedImage> generate(ProviderSpec provider, ImageTask task);
}
