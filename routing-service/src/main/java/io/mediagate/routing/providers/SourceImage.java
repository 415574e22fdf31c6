package io.mediagate.routing.providers;

import io.mediagate.common.media.ContentSniffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/** A source image of an edit or variation, as bytes with its real type and size in pixels. */
public record SourceImage(byte[] bytes, String mime, int width, int height) {

    /** A local image file (a first frame already fetched safely) with its type and size read from its bytes. */
    public static SourceImage read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            ContentSniffer.Dimensions size = ContentSniffer.dimensions(bytes).orElse(new ContentSniffer.Dimensions(0, 0));
            return new SourceImage(bytes, ContentSniffer.mime(bytes).orElse("application/octet-stream"), size.width(), size.height());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String base64() {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** The file as a {@code data:} URI, the way fal and Replicate take files inline. */
    public String dataUri() {
        return "data:" + mime + ";base64," + base64();
    }

    /**
     * The sources inline for a model input named {@code field}: every one (a list) when the name is plural
     * ({@code image_urls}, {@code input_images}), else the first.
     */
    public static Object dataUris(List<SourceImage> images, String field) {
        return field.endsWith("s") ? images.stream().map(SourceImage::dataUri).toList() : images.getFirst().dataUri();
    }

    /**
     * This mask in the form most providers take (Stability, BFL Fill, fal and Replicate fill models): a
     * black-and-white PNG, white where the image is to change. Ours is OpenAI's: transparent there.
     */
    public SourceImage whiteWhereTransparent() {
        return new SourceImage(Masks.whiteWhereTransparent(bytes), "image/png", width, height);
    }

    /** This mask as Ideogram takes it: black where the image is to change, white elsewhere. */
    public SourceImage blackWhereTransparent() {
        return new SourceImage(Masks.blackWhereTransparent(bytes), "image/png", width, height);
    }

    /** A white mask the size of this image: for an inpainting endpoint asked to change the whole picture. */
    public SourceImage everythingMask() {
        return new SourceImage(Masks.everything(width, height), "image/png", width, height);
    }
}
