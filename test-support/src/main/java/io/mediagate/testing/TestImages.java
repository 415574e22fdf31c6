package io.mediagate.testing;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Real image files for tests, and decoding of what the services return. */
public final class TestImages {
    private TestImages() {
    }

    public static byte[] png(int width, int height) {
        return encode(width, height, "png");
    }

    public static byte[] jpeg(int width, int height) {
        return encode(width, height, "jpeg");
    }

    private static byte[] encode(int width, int height, String format) {
        return write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), format);
    }

    /** A PNG whose left half is {@code left} and right half {@code right} (RGB), to see what an edit kept. */
    public static byte[] halves(int width, int height, int left, int right) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, x < width / 2 ? left : right);
            }
        }
        return write(image, "png");
    }

    /** An RGBA PNG mask, opaque except for a transparent rectangle (the area an edit is to change). */
    public static byte[] mask(int width, int height, int holeX, int holeY, int holeWidth, int holeHeight) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                boolean hole = x >= holeX && x < holeX + holeWidth && y >= holeY && y < holeY + holeHeight;
                image.setRGB(x, y, hole ? 0x00000000 : 0xFF000000);
            }
        }
        return write(image, "png");
    }

    private static byte[] write(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, format, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Decodes an image, failing if the bytes are not a readable image. */
    public static BufferedImage decode(byte[] bytes) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            if (image == null) {
                throw new IllegalArgumentException("not a readable image");
            }
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
