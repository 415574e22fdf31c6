package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The offline {@code local} provider: a real PNG of exactly the requested size, rendered from the
 * prompt, seed and style, so the same inputs always give the same file.
 */
@ApplicationScoped
public class LocalImageGenerator implements ImageGenerator {
    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        long seed = task.params().get("seed") instanceof Number s ? s.longValue() : 0L;
        String style = task.params().get("style") instanceof String s ? s : "bands";
        List<GeneratedImage> images = new ArrayList<>(task.n());
        for (int i = 0; i < task.n(); i++) {
            PatternSpec spec = PatternSpec.of(task.prompt(), seed + i, style);
            byte[] png = PatternRenderer.png(spec, task.width(), task.height());
            images.add(new GeneratedImage(png, "image/png", null));
        }
        return images;
    }
}
