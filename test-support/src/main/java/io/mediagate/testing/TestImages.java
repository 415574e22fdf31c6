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

    /**
     * A hostile PNG: its signature and header alone, 33 bytes declaring a {@code width x height} frame, which a decoder that
     * trusts the header would allocate.
     */
    public static byte[] pngHeaderOnly(int width, int height) {
        java.nio.ByteBuffer png = java.nio.ByteBuffer.allocate(33);
        png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        png.putInt(13).put(new byte[] {'I', 'H', 'D', 'R'}).putInt(width).putInt(height);
        png.put(new byte[] {8, 6, 0, 0, 0}).putInt(0);
        return png.array();
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

    /** An RGBA PNG of one colour, {@code argb} (alpha in the top byte): transparent where its alpha is 0. */
    public static byte[] pngOf(int width, int height, int argb) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, argb);
            }
        }
        return write(image, "png");
    }

    /**
     * A real lossless WebP (VP8L) of one colour, {@code argb}, that any decoder reads: no transforms, and prefix codes of a
     * single symbol each, so every pixel costs no bits (written by hand: the JDK writes no WebP). Its alpha flag is set
     * when {@code argb} is not opaque.
     */
    public static byte[] webp(int width, int height, int argb) {
        Bits bits = new Bits();
        int alpha = argb >>> 24;
        bits.put(width - 1, 14).put(height - 1, 14).put(alpha < 255 ? 1 : 0, 1).put(0, 3);
        bits.put(0, 1).put(0, 1).put(0, 1); // no transform, no colour cache, no meta prefix codes
        for (int symbol : new int[] {(argb >> 8) & 0xFF, (argb >> 16) & 0xFF, argb & 0xFF, alpha}) {
            bits.put(1, 1).put(0, 1).put(1, 1).put(symbol, 8); // simple code: one 8-bit symbol (green, red, blue, alpha)
        }
        bits.put(1, 1).put(0, 1).put(0, 1).put(0, 1); // the distance code: one 1-bit symbol, 0
        byte[] data = bits.bytes(0x2F);
        int padded = data.length + (data.length % 2);
        java.nio.ByteBuffer file = java.nio.ByteBuffer.allocate(20 + padded).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        file.put("RIFF".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(12 + padded)
                .put("WEBPVP8L".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(data.length).put(data);
        return file.array();
    }

    /** Bits written least significant first, as VP8L reads them. */
    private static final class Bits {
        private final java.util.BitSet set = new java.util.BitSet();
        private int length;

        Bits put(int value, int count) {
            for (int i = 0; i < count; i++) {
                set.set(length++, ((value >> i) & 1) == 1);
            }
            return this;
        }

        byte[] bytes(int first) {
            byte[] out = new byte[1 + (length + 7) / 8];
            out[0] = (byte) first;
            byte[] packed = set.toByteArray();
            System.arraycopy(packed, 0, out, 1, packed.length);
            return out;
        }
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
