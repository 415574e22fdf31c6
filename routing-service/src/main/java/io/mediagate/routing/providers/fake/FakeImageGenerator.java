package io.mediagate.routing.providers.fake;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.values.Size;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageVariator;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The {@code fake} provider family's images, for tests and demos: {@link FakeBehaviour} by the offer's
 * {@code upstreamModel}, then real images from the local renderer (generations, edits and variations).
 * Only routed to when a catalog declares it.
 */
@ApplicationScoped
public class FakeImageGenerator implements ImageGenerator, ImageEditor, ImageVariator {
    private final LocalImageGenerator renderer;

    FakeImageGenerator(LocalImageGenerator renderer) {
        this.renderer = renderer;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        FakeBehaviour.apply(provider, task.upstreamModel(), task.options());
        return renderer.generate(provider, delivered(task));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        FakeBehaviour.apply(provider, task.upstreamModel(), task.options());
        return renderer.edit(provider, delivered(task), images, mask);
    }

    @Override
    public List<GeneratedImage> vary(ProviderSpec provider, ImageTask task, SourceImage image) {
        FakeBehaviour.apply(provider, task.upstreamModel(), task.options());
        return renderer.vary(provider, delivered(task), image);
    }

    /** The task at the offer's {@code deliveredSize} option when it has one: a provider that makes another size than asked. */
    private static ImageTask delivered(ImageTask task) {
        return Size.parse(task.option("deliveredSize", null)).filter(size -> size.video().isEmpty())
                .map(size -> new ImageTask(task.upstreamModel(), task.options(), task.version(), task.prompt(), size.width(),
                        size.height(), task.n(), task.params(), task.control()))
                .orElse(task);
    }
}
