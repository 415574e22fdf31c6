package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;
import java.util.Set;

/**
 * The capability of doing utility operations on a picture ({@code ImageSources.UTILITIES}: an upscale to the task's size,
 * a background removal onto transparency), for the catalog's utility models ({@code operation}). Adapters whose provider
 * does none do not implement it, and routing sends no such operation their way.
 */
public interface ImageUtilities {
    /** The operations this adapter does. */
    Set<String> operations();

    /**
     * {@code operation} done to {@code source} by the task's model: an upscale makes the task's {@code width x height}; a
     * background removal keeps the source's size. One picture, or {@link ProviderException}.
     */
    List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source);
}
