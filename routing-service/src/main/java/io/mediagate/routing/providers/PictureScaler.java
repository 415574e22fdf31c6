package io.mediagate.routing.providers;

import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Scratch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A picture scaled with ffmpeg's Lanczos filter to an exact size, as a PNG keeping its alpha: the local upscale, and an
 * upscale by a provider of a fixed factor (Stability's 4x, Recraft's own) made the size the caller asked.
 */
@ApplicationScoped
public class PictureScaler {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final Supplier<Ffmpeg> ffmpeg;

    @Inject
    PictureScaler(Instance<Ffmpeg> ffmpeg) {
        this(ffmpeg::get);
    }

    PictureScaler(Supplier<Ffmpeg> ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    /** {@code picture} scaled to {@code width x height}, a PNG. */
    public byte[] scaled(byte[] picture, int width, int height) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("scale");
            Path in = Files.write(dir.resolve("source"), picture);
            Path out = dir.resolve("scaled.png");
            ffmpeg.get().run(List.of("-v", "error", "-y", "-i", in.toString(), "-vf",
                    String.format(Locale.ROOT, "scale=%d:%d:flags=lanczos,format=rgba", width, height),
                    "-frames:v", "1", "-map_metadata", "-1", "-fflags", "+bitexact", out.toString()), DEADLINE);
            return Files.readAllBytes(out);
        } catch (FfmpegException e) {
            throw ProviderException.failed("scaling the picture failed: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                Scratch.delete(dir);
            }
        }
    }

    /** The widest or tallest provider picture fitted: one declaring more (a few bytes may) is never decoded. */
    static final int MAX_SIDE = 16_384;

    /**
     * Each of {@code images} (a provider's) that is not {@code width x height} made so (a PNG); those that are, as they came. A
     * picture whose frame cannot be read, or that declares more than {@link #MAX_SIDE} a side, is the provider's failure.
     */
    public List<GeneratedImage> fitted(List<GeneratedImage> images, int width, int height) {
        return images.stream().map(image -> {
            ContentSniffer.Dimensions frame = ContentSniffer.dimensions(image.bytes())
                    .orElseThrow(() -> ProviderException.failed("the provider's picture has no readable frame"));
            if (frame.width() > MAX_SIDE || frame.height() > MAX_SIDE) {
                throw ProviderException.failed("the provider's picture declares " + frame.width() + "x" + frame.height()
                        + ", over " + MAX_SIDE + " a side");
            }
            return frame.width() == width && frame.height() == height ? image : image.as(scaled(image.bytes(), width, height), "image/png");
        }).toList();
    }
}
