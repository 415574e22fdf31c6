package io.mediagate.routing.generation.image;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.ImageOptions.Background;
import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.events.ImageOptions.Quality;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageOutput;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.ranking.Candidate;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Makes a provider's images what the caller asked for where the serving offer could not: the {@code output_format} and
 * {@code output_compression} by re-encoding ({@link ImageEncoder}), an {@code opaque} background by flattening onto white. An
 * offer that declares an option made it itself and is left alone; an image already as asked is not touched. Also says what
 * was delivered ({@link ImageOutput}), as the provider reports it where it does.
 */
@ApplicationScoped
class ImageDelivery {
    private final ImageEncoder encoder;

    ImageDelivery(ImageEncoder encoder) {
        this.encoder = encoder;
    }

    List<GeneratedImage> deliver(ImageOptions options, Candidate served, List<GeneratedImage> images) {
        return images.stream().map(image -> {
            ImageEncoder.Target target = target(options, served.features(), image);
            if (target == null) {
                return image;
            }
            try {
                return image.as(encoder.encode(image.bytes(), target), target.format().mime());
            } catch (FfmpegException e) {
                throw ApiException.invalid(ImageOptions.OUTPUT_FORMAT, served.providerId() + " made a " + image.mime()
                        + " image, which cannot be converted to " + target.format().wire());
            }
        }).toList();
    }

    /** What {@code image} must be re-encoded as, or null when it already is what was asked (or the offer made it so itself). */
    static ImageEncoder.Target target(ImageOptions options, List<String> honoured, GeneratedImage image) {
        Format made = Format.ofMime(image.mime());
        Format asked = options.outputFormat();
        boolean format = asked != null && asked != made;
        boolean compression = options.outputCompression() != null && !honoured.contains(ImageOptions.OUTPUT_COMPRESSION);
        boolean opaque = options.background() == Background.OPAQUE && !honoured.contains(ImageOptions.BACKGROUND)
                && ImageEncoder.mayHaveAlpha(image.bytes());
        if (!format && !compression && !opaque) {
            return null;
        }
        Format to = asked != null ? asked : made;
        if (to == null) {
            throw ApiException.invalid(ImageOptions.BACKGROUND, "an opaque background cannot be made for a " + image.mime() + " image");
        }
        return new ImageEncoder.Target(to, options.outputCompression(), options.background() == Background.OPAQUE);
    }

    /** What was delivered: the first image's format and {@code size}, the quality and background made, the provider's usage. */
    static ImageOutput delivered(ImageOptions options, List<GeneratedImage> images, String size) {
        GeneratedImage first = images.getFirst();
        GeneratedImage.Made made = first.made();
        Format format = Format.ofMime(first.mime());
        String quality = made != null && made.quality() != null ? made.quality()
                : options.quality() != null && options.quality() != Quality.AUTO ? options.quality().wire() : null;
        String background = made != null && made.background() != null ? made.background()
                : options.background() != null && options.background() != Background.AUTO ? options.background().wire() : null;
        return new ImageOutput(format == null ? null : format.wire(), quality, background, size, made == null ? null : made.usage());
    }
}
