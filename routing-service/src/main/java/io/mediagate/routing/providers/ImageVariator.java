package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;

/**
 * The capability of making variations of an image without a prompt (same composition, other seed). Adapters
 * whose provider cannot do that do not implement it, and routing sends no variation their way.
 */
public interface ImageVariator {
    List<GeneratedImage> vary(ProviderSpec provider, ImageTask task, SourceImage image);
}
