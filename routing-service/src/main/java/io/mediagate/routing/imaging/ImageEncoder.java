package io.mediagate.routing.imaging;

import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Scratch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Re-encodes a raster image (PNG, JPEG, WebP or GIF) with ffmpeg into the {@code output_format} a caller asked for, at its
 * {@code output_compression} (0–100, OpenAI's scale: 100 keeps the most, the default), flattened onto white where it must be
 * opaque (asked so, or JPEG, which has no alpha) and keeping its alpha channel otherwise. ffmpeg is located on first use.
 */
@ApplicationScoped
public class ImageEncoder {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final Supplier<Ffmpeg> ffmpeg;

    @Inject
    ImageEncoder(Instance<Ffmpeg> ffmpeg) {
        this((Supplier<Ffmpeg>) ffmpeg::get);
    }

    /** An encoder running the ffmpeg {@code ffmpeg} gives when first needed. */
    public ImageEncoder(Supplier<Ffmpeg> ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    /** What the result is to be: its format, compression (null: 100) and whether it must be opaque. */
    public record Target(Format format, Integer compression, boolean opaque) {}

    /** {@code image} encoded as {@code target} says; throws {@link FfmpegException} when ffmpeg cannot read or write it. */
    public byte[] encode(byte[] image, Target target) {
        ContentSniffer.Dimensions size = ContentSniffer.dimensions(image)
                .orElseThrow(() -> new FfmpegException("the image to convert has no readable size", false));
        Path dir = null;
        try {
            dir = Files.createTempDirectory("mediagate-image-");
            Path in = dir.resolve("in");
            Path out = dir.resolve("out." + ContentSniffer.extension(target.format().mime()));
            Files.write(in, image);
            ffmpeg.get().run(arguments(in, out, size, target), DEADLINE);
            return Files.readAllBytes(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(dir);
        }
    }

    /** The ffmpeg command line (after the program's own flags), a pure function of its inputs. */
    static List<String> arguments(Path in, Path out, ContentSniffer.Dimensions size, Target target) {
        boolean flatten = target.opaque() || !target.format().alpha();
        int compression = target.compression() == null ? 100 : target.compression();
        List<String> args = new ArrayList<>(List.of("-v", "error", "-i", in.toString()));
        if (flatten) {
            args.addAll(List.of("-f", "lavfi", "-i", "color=c=white:s=" + size.width() + "x" + size.height(),
                    "-filter_complex", "[1:v][0:v]overlay=shortest=1:format=auto,format=rgb24"));
        }
        args.addAll(List.of("-frames:v", "1"));
        switch (target.format()) {
            case PNG -> args.addAll(List.of("-c:v", "png", "-pix_fmt", flatten ? "rgb24" : "rgba"));
            // mjpeg's scale runs from 2 (best) to 31: 100 → 2, 0 → 31
            case JPEG -> args.addAll(List.of("-c:v", "mjpeg", "-pix_fmt", "yuvj444p", "-q:v",
                    Integer.toString(Math.round(31 - compression * 29 / 100f))));
            case WEBP -> args.addAll(List.of("-c:v", "libwebp", "-quality", Integer.toString(compression), "-pix_fmt",
                    flatten ? "yuv420p" : "yuva420p"));
        }
        args.addAll(List.of("-f", target.format() == Format.WEBP ? "webp" : "image2", "-y", out.toString()));
        return args;
    }

    /**
     * Whether an image may hold transparent pixels, from its header: a PNG with an alpha channel or a transparency chunk, a
     * WebP declaring alpha, any GIF; never a JPEG.
     */
    public static boolean mayHaveAlpha(byte[] image) {
        String mime = ContentSniffer.mime(image).orElse("");
        return switch (mime) {
            case "image/png" -> image.length > 25 && (image[25] == 4 || image[25] == 6) || transparencyChunk(image);
            case "image/webp" -> image.length > 24 && (image[12] == 'V' && image[15] == 'X' && (image[20] & 0x10) != 0
                    || image[15] == 'L' && (image[24] & 0x10) != 0);
            case "image/gif" -> true;
            default -> false;
        };
    }

    /** Whether a PNG has a {@code tRNS} chunk before its image data (palette or single-colour transparency). */
    private static boolean transparencyChunk(byte[] png) {
        int at = 8;
        while (at + 8 <= png.length) {
            int length = (png[at] & 0xFF) << 24 | (png[at + 1] & 0xFF) << 16 | (png[at + 2] & 0xFF) << 8 | png[at + 3] & 0xFF;
            String type = new String(png, at + 4, 4, StandardCharsets.US_ASCII);
            if (type.equals("tRNS")) {
                return true;
            }
            if (type.equals("IDAT") || length < 0) {
                return false;
            }
            at += 12 + length;
        }
        return false;
    }
}
