package io.mediagate.routing.providers;

/** A source image of an edit or variation, as bytes with its real type and size in pixels. */
public record SourceImage(byte[] bytes, String mime, int width, int height) {
}
