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

    /** Below this value of the field, a picture with a transparent background is transparent. */
    private static final double CUT = 0.3;

    static byte[] png(PatternSpec spec, int width, int height) {
        return png(image(spec, width, height));
    }

    static BufferedImage image(PatternSpec spec, int width, int height) {
        return image(spec, width, height, Detail.HIGH);
    }

    /** The pattern sampled once per {@code detail} cell (its centre) with {@code detail}'s colour steps. */
    static BufferedImage image(PatternSpec spec, int width, int height, Detail detail) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] palette = palette(spec, detail.levels());
        int[] row = new int[width];
        int cell = detail.cell();
        double cos = Math.cos(spec.angle());
        double sin = Math.sin(spec.angle());
        for (int y = 0; y < height; y++) {
            int sy = Math.min(height - 1, y / cell * cell + cell / 2);
            for (int x = 0; x < width; x++) {
                int sx = Math.min(width - 1, x / cell * cell + cell / 2);
                double t = at(spec, cos, sin, (double) sx / width - 0.5, (double) sy / height - 0.5);
                row[x] = palette[(int) Math.min(palette.length - 1, Math.max(0, t * palette.length))];
            }
            image.setRGB(0, y, width, 1, row, 0, width);
        }
        return image;
    }

    /**
     * {@code image} with a real alpha channel: transparent wherever the pattern's field is low (its background), opaque
     * elsewhere, so a transparent picture is still the prompt's.
     */
    static BufferedImage cutOut(BufferedImage image, PatternSpec spec) {
        int width = image.getWidth();
        int height = image.getHeight();
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        double cos = Math.cos(spec.angle());
        double sin = Math.sin(spec.angle());
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int alpha = at(spec, cos, sin, (double) x / width - 0.5, (double) y / height - 0.5) < CUT ? 0 : 0xFF;
                out.setRGB(x, y, alpha << 24 | image.getRGB(x, y) & 0xFFFFFF);
            }
        }
        return out;
    }

    /** The field at ({@code u}, {@code v}) of the picture (each from -0.5 to 0.5), turned by the pattern's angle. */
    private static double at(PatternSpec spec, double cos, double sin, double u, double v) {
        return field(spec, u * cos - v * sin, u * sin + v * cos);
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

    /** A gradient of {@code levels} steps through the three hues. */
    private static int[] palette(PatternSpec s, int levels) {
        int[] p = new int[levels];
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
