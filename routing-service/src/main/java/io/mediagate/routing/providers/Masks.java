package io.mediagate.routing.providers;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Conversions between the mask conventions of the providers. */
final class Masks {
    private Masks() {
    }

    /** A PNG whose transparent pixels (alpha below half) become white and every other pixel black. */
    static byte[] whiteWhereTransparent(byte[] png) {
        return twoTone(png, 0xFFFFFF, 0x000000);
    }

    /** A PNG whose transparent pixels become black and every other pixel white (Ideogram's convention). */
    static byte[] blackWhereTransparent(byte[] png) {
        return twoTone(png, 0x000000, 0xFFFFFF);
    }

    private static byte[] twoTone(byte[] png, int changed, int kept) {
        BufferedImage mask;
        try {
            mask = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (mask == null) {
            throw ProviderException.failed("the mask could not be read");
        }
        BufferedImage out = new BufferedImage(mask.getWidth(), mask.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < mask.getHeight(); y++) {
            for (int x = 0; x < mask.getWidth(); x++) {
                out.setRGB(x, y, (mask.getRGB(x, y) >>> 24) < 128 ? changed : kept);
            }
        }
        return png(out);
    }

    /** An all-white mask of a size: change everything (an inpainting endpoint asked to edit without a mask). */
    static byte[] everything(int width, int height) {
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = out.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
        } finally {
            g.dispose();
        }
        return png(out);
    }

    private static byte[] png(BufferedImage image) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
