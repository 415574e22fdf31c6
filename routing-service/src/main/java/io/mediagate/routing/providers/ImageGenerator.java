package io.mediagate.routing.providers;

import java.util.List;

/** The capability of making images. Adapters that cannot make images simply do not implement it. */
public interface ImageGenerator {
    /** Generates {@code task.n()} images or throws {@link ProviderException}. */
    List<GeneratedImage> generate(ImageTask task);
}
