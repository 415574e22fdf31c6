package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;

/** The capability of making videos. Adapters that cannot make videos simply do not implement it. */
public interface VideoGenerator {
    /** Generates one video at {@code provider} or throws {@link ProviderException}. */
    GeneratedVideo generate(ProviderSpec provider, VideoTask task);
}
