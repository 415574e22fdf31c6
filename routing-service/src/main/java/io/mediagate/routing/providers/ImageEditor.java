package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;
import java.util.Set;

/**
 * The capability of editing images from a prompt: {@code images} (at least one, in the order sent) and an
 * optional {@code mask} of the first image's size whose transparent pixels mark the area to change. Adapters
 * whose provider has no edit endpoint do not implement it, and routing sends no edit their way.
 */
public interface ImageEditor {
    List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask);

    /**
     * Parameters an offer may declare for generations that the provider's edit endpoint does not take (OpenAI's
     * {@code moderation} and {@code style}): an edit offer is treated as lacking them, so routing never sends them
     * and reports them as it reports any feature an offer lacks.
     */
    default Set<String> notTakenByEdits() {
        return Set.of();
    }
}
