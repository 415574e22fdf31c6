package io.mediagate.common.media;

import java.nio.charset.StandardCharsets;

/**
 * Whether a PNG can carry transparency, read from its chunks: colour type 4 (grey and alpha) or 6 (RGBA),
 * or a {@code tRNS} chunk before the image data (palette or single-colour transparency).
 */
public final class MaskAlpha {
    private static final int SIGNATURE = 8;

    private MaskAlpha() {
    }

    public static boolean present(byte[] png) {
        if (png.length < 33) {
            return false;
        }
        int colourType = png[25] & 0xFF;
        if (colourType == 4 || colourType == 6) {
            return true;
        }
        long next = SIGNATURE;
        while (next + 8 <= png.length) {
            int at = (int) next;
            long length = ((png[at] & 0xFFL) << 24) | ((png[at + 1] & 0xFF) << 16) | ((png[at + 2] & 0xFF) << 8) | (png[at + 3] & 0xFF);
            String type = new String(png, at + 4, 4, StandardCharsets.US_ASCII);
            if (type.equals("tRNS")) {
                return true;
            }
            if (type.equals("IDAT") || type.equals("IEND")) {
                return false;
            }
            next += 12 + length;
        }
        return false;
    }
}
