package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.ImageSources;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.PictureScaler;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * The offline {@code local} provider's utility operations, good enough to test with: an upscale is ffmpeg's Lanczos
 * scaler to the task's size ({@link PictureScaler}, {@code local/upscale}); a background removal is {@link Matte}'s simple matte
 * ({@code local/cutout}). Both answer a PNG.
 */
@ApplicationScoped
public class LocalImageUtilities implements ImageUtilities {
    private final PictureScaler scaler;

    LocalImageUtilities(PictureScaler scaler) {
        this.scaler = scaler;
    }

    @Override
    public Set<String> operations() {
        return ImageSources.UTILITIES;
    }

    @Override
    public List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source) {
        byte[] png = switch (operation) {
            case ImageSources.UPSCALE -> scaler.scaled(source.bytes(), task.width(), task.height());
            case ImageSources.REMOVE_BACKGROUND -> png(Matte.cutOut(decoded(source)));
            default -> throw ProviderException.failed("the local provider does no " + operation);
        };
        return List.of(new GeneratedImage(png, "image/png", null));
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
