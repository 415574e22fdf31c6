package io.mediagate.common.media;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import java.nio.charset.StandardCharsets;

/**
 * Whether a PNG can carry transparency, read from its chunks: colour type 4 (grey and alpha) or 6 (RGBA),
 * or a {@code tRNS} chunk before the image data (palette or single-colour transparency); and the rule every edit's mask
 * meets ({@link #check}), at the gateway for a file sent and at routing for one a batch line names.
 */
public final class MaskAlpha {
    private static final int SIGNATURE = 8;

    private MaskAlpha() {
    }

    /**
     * An edit's mask as every edit takes it, or the answer naming {@code mask}: a PNG ({@code mime}, read from its bytes)
     * that can carry transparency ({@code png}: its bytes, or at least its chunks before the image data), of the first
     * image's size.
     */
    public static void check(String mime, byte[] png, int width, int height, int imageWidth, int imageHeight) {
        if (!mime.equals("image/png")) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "mask must be a PNG with an alpha channel", "mask");
        }
        if (!present(png)) {
            throw ApiException.invalid("mask", "mask must have an alpha channel (transparent where the image is to change)");
        }
        if (width != imageWidth || height != imageHeight) {
            throw ApiException.invalid("mask", "mask is " + width + "x" + height + " but the image is " + imageWidth + "x" + imageHeight
                    + "; they must be the same size");
        }
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
