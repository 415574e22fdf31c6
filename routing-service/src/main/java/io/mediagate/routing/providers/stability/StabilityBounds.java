package io.mediagate.routing.providers.stability;

/**
 * The pictures Stability's utility endpoints take, as its API reference states them (v2beta, read 2026-11-29): a fast upscale
 * each side 32 to 1,536 pixels and 1,024 to 1,048,576 pixels in all; a background removal each side at least 64 pixels and
 * 4,096 to 4,194,304 pixels in all. Each check answers what is wrong, or null when the picture is taken.
 */
final class StabilityBounds {
    private StabilityBounds() {
    }

    static String fastUpscale(int width, int height) {
        long pixels = (long) width * height;
        if (width < 32 || height < 32 || width > 1536 || height > 1536 || pixels < 1024 || pixels > 1_048_576) {
            return "upscales pictures of 32 to 1536 pixels a side and at most 1,048,576 pixels (1 megapixel), not " + width + "x" + height;
        }
        return null;
    }

    static String removeBackground(int width, int height) {
        long pixels = (long) width * height;
        if (width < 64 || height < 64 || pixels < 4096 || pixels > 4_194_304) {
            return "removes backgrounds from pictures of at least 64 pixels a side and at most 4,194,304 pixels, not " + width + "x" + height;
        }
        return null;
    }
}
