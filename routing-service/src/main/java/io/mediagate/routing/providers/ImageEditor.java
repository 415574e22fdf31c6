package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;

/**
 * The capability of editing images from a prompt: {@code images} (at least one, in the order sent) and an
 * optional {@code mask} of the first image's size whose transparent pixels mark the area to change. Adapters
 * whose provider has no edit endpoint do not implement it, and routing sends no edit their way.
 */
public interface ImageEditor {
    List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask);
}
