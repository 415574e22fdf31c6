package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageVariator;
import io.mediagate.routing.providers.SourceImage;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The offline {@code local} provider: a real PNG of exactly the requested size, rendered from the
 * prompt, seed and style, so the same inputs always give the same file. It also edits (the masked area
 * re-rendered from the prompt, the rest of the first image kept) and makes variations (same composition,
 * colours shifted by the seed), so edits and variations work without any key.
 */
@ApplicationScoped
public class LocalImageGenerator implements ImageGenerator, ImageEditor, ImageVariator {
    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        long seed = seed(task);
        List<GeneratedImage> images = new ArrayList<>(task.n());
        for (int i = 0; i < task.n(); i++) {
            byte[] png = PatternRenderer.png(PatternSpec.of(task.prompt(), seed + i, style(task)), task.width(), task.height());
            images.add(new GeneratedImage(png, "image/png", null));
        }
        return images;
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> sources, SourceImage mask) {
        long seed = seed(task);
        List<GeneratedImage> images = new ArrayList<>(task.n());
        for (int i = 0; i < task.n(); i++) {
            PatternSpec spec = PatternSpec.of(task.prompt(), seed + i, style(task));
            byte[] png = PatternRenderer.png(SourceRenderer.edit(sources.getFirst(), mask, spec, task.width(), task.height()));
            images.add(new GeneratedImage(png, "image/png", null));
        }
        return images;
    }

    @Override
    public List<GeneratedImage> vary(ProviderSpec provider, ImageTask task, SourceImage source) {
        long seed = seed(task);
        List<GeneratedImage> images = new ArrayList<>(task.n());
        for (int i = 0; i < task.n(); i++) {
            byte[] png = PatternRenderer.png(SourceRenderer.vary(source, seed + i + 1, task.width(), task.height()));
            images.add(new GeneratedImage(png, "image/png", null));
        }
        return images;
    }

    private static long seed(ImageTask task) {
        return task.params().get("seed") instanceof Number s ? s.longValue() : 0L;
    }

    private static String style(ImageTask task) {
        return task.params().get("style") instanceof String s ? s : "bands";
    }
}
