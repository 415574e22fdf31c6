package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageVariator;
import io.mediagate.routing.providers.SourceImage;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The offline {@code local} provider: a real image of exactly the requested size, rendered from the
 * prompt, seed and style, so the same inputs always give the same file. It also edits (the masked area
 * re-rendered from the prompt, the rest of the first image kept) and makes variations (same composition,
 * colours shifted by the seed), so edits and variations work without any key. It honours every image option
 * itself: {@code quality} as the detail drawn ({@link Detail}), {@code background: transparent} as a real alpha
 * channel (the pattern's background cut out), {@code output_format} and {@code output_compression} by encoding
 * ({@link ImageEncoder}; PNG without them), {@code input_fidelity: high} as an edit keeping more of its source, and
 * {@code moderation} trivially (it moderates nothing). A streamed job's partial images are real renders of the same
 * picture, coarse to fine.
 */
@ApplicationScoped
public class LocalImageGenerator implements ImageGenerator, ImageEditor, ImageVariator {
    private static final int MAX_PARTIALS = 3;
    private final ImageEncoder encoder;

    public LocalImageGenerator(ImageEncoder encoder) {
        this.encoder = encoder;
    }

    /** A picture of the task drawn from {@code seed} at a detail. */
    private interface Drawing {
        BufferedImage draw(long seed, Detail detail);
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return render(task, (seed, detail) -> PatternRenderer.image(PatternSpec.of(task.prompt(), seed, style(task)), task.width(),
                task.height(), detail), Detail.of(task.params().get(ImageOptions.QUALITY)));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> sources, SourceImage mask) {
        boolean faithful = "high".equals(task.params().get(ImageOptions.INPUT_FIDELITY));
        return render(task, (seed, detail) -> SourceRenderer.edit(sources.getFirst(), mask, PatternSpec.of(task.prompt(), seed, style(task)),
                task.width(), task.height(), detail, faithful), Detail.of(task.params().get(ImageOptions.QUALITY)));
    }

    @Override
    public List<GeneratedImage> vary(ProviderSpec provider, ImageTask task, SourceImage source) {
        return render(task, (seed, detail) -> SourceRenderer.vary(source, seed + 1, task.width(), task.height()), Detail.HIGH);
    }

    /**
     * {@code task.n()} pictures drawn from consecutive seeds at {@code detail}, each made as the task's options ask; for a
     * streamed job, first the partial images asked for (of the first picture, coarse to fine).
     */
    private List<GeneratedImage> render(ImageTask task, Drawing drawing, Detail detail) {
        long seed = seed(task);
        boolean transparent = "transparent".equals(task.params().get(ImageOptions.BACKGROUND));
        Format format = task.params().get(ImageOptions.OUTPUT_FORMAT) instanceof String f ? Format.of(f) : Format.PNG;
        Integer compression = task.params().get(ImageOptions.OUTPUT_COMPRESSION) instanceof Number c ? c.intValue() : null;
        int partials = Math.min(MAX_PARTIALS, task.control().partialImages());
        for (int p = 0; p < partials; p++) {
            byte[] partial = encoded(task, drawing.draw(seed, Detail.partial(p, partials)), seed, transparent, format, compression);
            task.control().partial(p, partial, format.mime());
        }
        GeneratedImage.Made made = new GeneratedImage.Made(detail.wire(), transparent ? "transparent" : "opaque", null);
        List<GeneratedImage> images = new ArrayList<>(task.n());
        for (int i = 0; i < task.n(); i++) {
            images.add(new GeneratedImage(encoded(task, drawing.draw(seed + i, detail), seed + i, transparent, format, compression),
                    format.mime(), null, made));
        }
        return images;
    }

    private byte[] encoded(ImageTask task, BufferedImage picture, long seed, boolean transparent, Format format, Integer compression) {
        if (transparent) {
            picture = PatternRenderer.cutOut(picture, PatternSpec.of(task.prompt() == null ? "" : task.prompt(), seed, style(task)));
        }
        byte[] bytes = PatternRenderer.png(picture);
        return format == Format.PNG ? bytes : encoder.encode(bytes, new ImageEncoder.Target(format, compression, !transparent));
    }

    private static long seed(ImageTask task) {
        return task.params().get("seed") instanceof Number s ? s.longValue() : 0L;
    }

    private static String style(ImageTask task) {
        return task.params().get("style") instanceof String s ? s : "bands";
    }
}
