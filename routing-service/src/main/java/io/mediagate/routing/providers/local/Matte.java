package io.mediagate.routing.providers.local;

import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * A simple matte, good enough to test background removal offline: the background is the colour the picture's border
 * mostly is (the median of its border pixels, per channel); a pixel is transparent as near it as {@value #CLEAR} (in RGB
 * distance), opaque from {@value #SOLID}, and partly transparent between, so edges stay soft.
 */
final class Matte {
    static final int CLEAR = 40;
    static final int SOLID = 90;

    private Matte() {
    }

    /** {@code picture} with its background made transparent, as ARGB. */
    static BufferedImage cutOut(BufferedImage picture) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        int background = borderMedian(picture);
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int argb = picture.getRGB(x, y);
                double distance = distance(argb, background);
                int alpha = distance <= CLEAR ? 0 : distance >= SOLID ? 255 : (int) Math.round(255 * (distance - CLEAR) / (SOLID - CLEAR));
                alpha = Math.min(alpha, argb >>> 24); // a pixel transparent already stays so
                out.setRGB(x, y, alpha << 24 | argb & 0xFFFFFF);
            }
        }
        return out;
    }

    private static double distance(int a, int b) {
        int dr = (a >> 16 & 0xFF) - (b >> 16 & 0xFF);
        int dg = (a >> 8 & 0xFF) - (b >> 8 & 0xFF);
        int db = (a & 0xFF) - (b & 0xFF);
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }

    /** The median colour of the picture's outermost pixels, channel by channel. */
    static int borderMedian(BufferedImage picture) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        int count = height == 1 || width == 1 ? width * height : 2 * width + 2 * (height - 2);
        int[][] channels = new int[3][count];
        int i = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (y == 0 || y == height - 1 || x == 0 || x == width - 1) {
                    int rgb = picture.getRGB(x, y);
                    channels[0][i] = rgb >> 16 & 0xFF;
                    channels[1][i] = rgb >> 8 & 0xFF;
                    channels[2][i] = rgb & 0xFF;
                    i++;
                }
            }
        }
        int colour = 0;
        for (int[] channel : channels) {
            int[] used = Arrays.copyOf(channel, i);
            Arrays.sort(used);
            colour = colour << 8 | used[used.length / 2];
        }
        return colour;
    }
}
