package io.mediagate.routing.providers.conformance;

import io.mediagate.routing.providers.SourceImage;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;

/** The sources every edit conformance test sends: a PNG, a JPEG and an OpenAI-style mask (transparent = change). */
public final class EditSamples {
    public static final SourceImage PNG = new SourceImage(TestImages.png(32, 32), "image/png", 32, 32);
    public static final SourceImage JPEG = new SourceImage(TestImages.jpeg(32, 32), "image/jpeg", 32, 32);
    public static final SourceImage MASK = new SourceImage(TestImages.mask(32, 32, 0, 0, 16, 32), "image/png", 32, 32);

    private EditSamples() {
    }

    /** Whether {@code bw} is the provider form of {@link #MASK}: white on the transparent left half, black on the right. */
    public static boolean isConvertedMask(byte[] bw) {
        BufferedImage image = TestImages.decode(bw);
        return image.getWidth() == 32 && (image.getRGB(4, 10) & 0xFFFFFF) == 0xFFFFFF && (image.getRGB(28, 10) & 0xFFFFFF) == 0;
    }

    /** The bytes of a {@code data:} URI. */
    public static byte[] fromDataUri(String uri) {
        return java.util.Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
    }
}
