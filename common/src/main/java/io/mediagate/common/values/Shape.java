package io.mediagate.common.values;

/**
 * An item's shape: its size label ({@code 1024x1536}, {@code 720p}), its length in seconds (a video), and its pixels,
 * each null where unknown or not applicable. A part of the item, of its registration and of a video's work.
 */
public record Shape(String size, Double duration, Integer width, Integer height) {
    /** This shape without a length: what an image has. */
    public Shape still() {
        return new Shape(size, null, width, height);
    }
}
