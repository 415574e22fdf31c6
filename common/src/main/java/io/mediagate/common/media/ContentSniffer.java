package io.mediagate.common.media;

import java.util.Optional;

/** Tells the real type of a file from its first bytes (and its extension), and a PNG's dimensions from its header. */
public final class ContentSniffer {
    public record Dimensions(int width, int height) {}

    private ContentSniffer() {
    }

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

    /** The file name extension for a type this service keeps. */
    public static String extension(String mime) {
        return switch (mime) {
            case "image/png" -> "png";
            case "image/jpeg" -> "jpg";
            case "image/webp" -> "webp";
            case "image/gif" -> "gif";
            case "video/mp4" -> "mp4";
            case "video/webm" -> "webm";
            case "video/quicktime" -> "mov";
            default -> "bin";
        };
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
