package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.ImageSources;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * The offline {@code local} provider's utility operations, good enough to test with: an upscale is ffmpeg's Lanczos
 * scaler to the task's size ({@code local/upscale}); a background removal is {@link Matte}'s simple matte
 * ({@code local/cutout}). Both answer a PNG.
 */
@ApplicationScoped
public class LocalImageUtilities implements ImageUtilities {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final Instance<Ffmpeg> ffmpeg;

    LocalImageUtilities(Instance<Ffmpeg> ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    @Override
    public Set<String> operations() {
        return ImageSources.UTILITIES;
    }

    @Override
    public List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source) {
        byte[] png = switch (operation) {
            case ImageSources.UPSCALE -> upscaled(source, task.width(), task.height());
            case ImageSources.REMOVE_BACKGROUND -> png(Matte.cutOut(decoded(source)));
            default -> throw ProviderException.failed("the local provider does no " + operation);
        };
        return List.of(new GeneratedImage(png, "image/png", null));
    }

    /** {@code source} scaled to {@code width x height} with Lanczos, as a PNG with its alpha. */
    private byte[] upscaled(SourceImage source, int width, int height) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("upscale");
            Path in = Files.write(dir.resolve("source"), source.bytes());
            Path out = dir.resolve("upscaled.png");
            ffmpeg.get().run(List.of("-v", "error", "-y", "-i", in.toString(), "-vf",
                    String.format(Locale.ROOT, "scale=%d:%d:flags=lanczos,format=rgba", width, height),
                    "-frames:v", "1", "-map_metadata", "-1", "-fflags", "+bitexact", out.toString()), DEADLINE);
            return Files.readAllBytes(out);
        } catch (FfmpegException e) {
            throw ProviderException.failed("local upscaling failed: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                try (var files = Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException ignored) {
                    // a scratch file left in the temporary directory
                }
            }
        }
    }

    private static BufferedImage decoded(SourceImage source) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(source.bytes()));
            if (image != null) {
                return image;
            }
        } catch (IOException e) {
            // refused below
        }
        throw ProviderException.rejected("the local matte reads PNG and JPEG pictures, not " + source.mime(), "image_url");
    }

    private static byte[] png(BufferedImage image) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
