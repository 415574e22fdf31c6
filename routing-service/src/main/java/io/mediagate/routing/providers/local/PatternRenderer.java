package io.mediagate.routing.providers.local;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Draws a {@link PatternSpec} pixel by pixel (no fonts or system libraries needed) and encodes a PNG. */
final class PatternRenderer {
    private PatternRenderer() {
    }

    static byte[] png(PatternSpec spec, int width, int height) {
        return png(image(spec, width, height));
    }

    static BufferedImage image(PatternSpec spec, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] palette = palette(spec);
        double cos = Math.cos(spec.angle());
        double sin = Math.sin(spec.angle());
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            double v = (double) y / height - 0.5;
            for (int x = 0; x < width; x++) {
                double u = (double) x / width - 0.5;
                double ru = u * cos - v * sin;
                double rv = u * sin + v * cos;
                double t = field(spec, ru, rv);
                row[x] = palette[(int) Math.min(palette.length - 1, Math.max(0, t * palette.length))];
            }
            image.setRGB(0, y, width, 1, row, 0, width);
        }
        return image;
    }

    static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A value in [0,1) for a point, shaped by the style. */
    private static double field(PatternSpec s, double u, double v) {
        double w = Math.sin(v * s.freqY() + s.phase()) * s.warp() / 10;
        double raw = switch (s.style()) {
            case "rings" -> Math.sin(Math.hypot(u + w, v) * s.freqX() * 6 + s.phase());
            case "tiles" -> Math.sin((u + w) * s.freqX() * 3) * Math.sin(v * s.freqY() * 3 + s.phase());
            default -> Math.sin((u + w) * s.freqX() * 4 + s.phase()) * 0.7 + Math.sin(v * s.freqY() * 2) * 0.3;
        };
        return (raw + 1) / 2 * 0.999;
    }

    /** A 64-step gradient through the three hues. */
    private static int[] palette(PatternSpec s) {
        int[] p = new int[64];
        for (int i = 0; i < p.length; i++) {
            float t = i / (float) (p.length - 1);
            float[] hues = s.hues();
            float hue = t < 0.5f ? lerp(hues[0], hues[1], t * 2) : lerp(hues[1], hues[2], (t - 0.5f) * 2);
            float brightness = 0.35f + 0.6f * (float) Math.abs(Math.sin(t * Math.PI * 1.5));
            p[i] = Color.HSBtoRGB(hue, s.saturation(), brightness);
        }
        return p;
    }

    private static float lerp(float a, float b, float t) {
        return a + (b - a) * t;
    }
}
