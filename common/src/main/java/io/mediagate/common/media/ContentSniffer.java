package io.mediagate.common.media;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Tells the real type of a file from its first bytes, and an image's dimensions from its header. */
public final class ContentSniffer {
    /** SVG: kept and served (sandboxed) when a provider answers it, never taken as an upload or a source image. */
    public static final String SVG = "image/svg+xml";
    /** How many first bytes tell a binary type. */
    private static final int HEAD = 64;

    public record Dimensions(int width, int height) {}

    private ContentSniffer() {
    }

    /**
     * The type of a binary image or video: what uploads, edit sources and first frames may be. SVG, a document
     * that can carry script, is not among them; {@link #result} tells it too.
     */
    public static Optional<String> mime(byte[] b) {
        if (startsWith(b, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return Optional.of("image/png");
        }
        if (startsWith(b, 0, 0xFF, 0xD8, 0xFF)) {
            return Optional.of("image/jpeg");
        }
        if (startsWith(b, 0, 'G', 'I', 'F', '8')) {
            return Optional.of("image/gif");
        }
        if (startsWith(b, 0, 'R', 'I', 'F', 'F') && startsWith(b, 8, 'W', 'E', 'B', 'P')) {
            return Optional.of("image/webp");
        }
        if (startsWith(b, 4, 'f', 't', 'y', 'p')) {
            return Optional.of(startsWith(b, 8, 'q', 't', ' ', ' ') ? "video/quicktime" : "video/mp4");
        }
        if (startsWith(b, 0, 0x1A, 0x45, 0xDF, 0xA3)) {
            return Optional.of("video/webm");
        }
        return Optional.empty();
    }

    /** {@link #mime(byte[])} of a file, from its first bytes. */
    public static Optional<String> mime(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return mime(in.readNBytes(HEAD));
        }
    }

    /** The type of a provider's result: any type {@link #mime} knows, or SVG (vector models answer it). */
    public static Optional<String> result(byte[] b) {
        return mime(b).or(() -> SvgSniffer.is(b) ? Optional.of(SVG) : Optional.empty());
    }

    /** The file name extension for a type this service keeps. */
    public static String extension(String mime) {
        return switch (mime) {
            case "image/png" -> "png";
            case "image/jpeg" -> "jpg";
            case "image/webp" -> "webp";
            case "image/gif" -> "gif";
            case SVG -> "svg";
            case "video/mp4" -> "mp4";
            case "video/webm" -> "webm";
            case "video/quicktime" -> "mov";
            default -> "bin";
        };
    }

    /**
     * Width and height of a PNG, JPEG, WebP or GIF, read from its header, or of an SVG, read from its root
     * element; empty for anything else.
     */
    public static Optional<Dimensions> dimensions(byte[] b) {
        return switch (mime(b).orElse("")) {
            case "image/png" -> pngDimensions(b);
            case "image/jpeg" -> jpegDimensions(b);
            case "image/webp" -> webpDimensions(b);
            case "image/gif" -> b.length < 10 ? Optional.empty()
                    : positive((b[6] & 0xFF) | (b[7] & 0xFF) << 8, (b[8] & 0xFF) | (b[9] & 0xFF) << 8);
            case "" -> SvgSniffer.dimensions(b); // empty unless an SVG
            default -> Optional.empty();
        };
    }

    /** The first start-of-frame segment's size: walks the JPEG's marker segments from SOI. */
    static Optional<Dimensions> jpegDimensions(byte[] b) {
        int at = 2;
        while (at + 9 < b.length) {
            if ((b[at] & 0xFF) != 0xFF) {
                return Optional.empty();
            }
            int marker = b[at + 1] & 0xFF;
            if (marker == 0xFF) {
                at++;
                continue;
            }
            if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                at += 2;
                continue;
            }
            int length = (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
            boolean frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
            if (frame) {
                return positive((b[at + 7] & 0xFF) << 8 | (b[at + 8] & 0xFF), (b[at + 5] & 0xFF) << 8 | (b[at + 6] & 0xFF));
            }
            if (length < 2 || marker == 0xD9 || marker == 0xDA) {
                return Optional.empty();
            }
            at += 2 + length;
        }
        return Optional.empty();
    }

    /** A WebP's canvas: lossy ({@code VP8 }), lossless ({@code VP8L}) or extended ({@code VP8X}). */
    static Optional<Dimensions> webpDimensions(byte[] b) {
        if (b.length < 30) {
            return Optional.empty();
        }
        if (startsWith(b, 12, 'V', 'P', '8', ' ')) {
            return positive(((b[26] & 0xFF) | (b[27] & 0xFF) << 8) & 0x3FFF, ((b[28] & 0xFF) | (b[29] & 0xFF) << 8) & 0x3FFF);
        }
        if (startsWith(b, 12, 'V', 'P', '8', 'L')) {
            int bits = (b[21] & 0xFF) | (b[22] & 0xFF) << 8 | (b[23] & 0xFF) << 16 | (b[24] & 0xFF) << 24;
            return positive((bits & 0x3FFF) + 1, ((bits >>> 14) & 0x3FFF) + 1);
        }
        if (startsWith(b, 12, 'V', 'P', '8', 'X')) {
            return positive(1 + ((b[24] & 0xFF) | (b[25] & 0xFF) << 8 | (b[26] & 0xFF) << 16),
                    1 + ((b[27] & 0xFF) | (b[28] & 0xFF) << 8 | (b[29] & 0xFF) << 16));
        }
        return Optional.empty();
    }

    private static Optional<Dimensions> positive(int width, int height) {
        return width > 0 && height > 0 ? Optional.of(new Dimensions(width, height)) : Optional.empty();
    }

    /** Width and height from a PNG's IHDR chunk. */
    public static Optional<Dimensions> pngDimensions(byte[] b) {
        if (b.length < 24 || !startsWith(b, 12, 'I', 'H', 'D', 'R')) {
            return Optional.empty();
        }
        return Optional.of(new Dimensions(readInt(b, 16), readInt(b, 20)));
    }

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
    }

    private static boolean startsWith(byte[] b, int offset, int... expected) {
        if (b.length < offset + expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if ((b[offset + i] & 0xFF) != expected[i]) {
                return false;
            }
        }
        return true;
    }
}
