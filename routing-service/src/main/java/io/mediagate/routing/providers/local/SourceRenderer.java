package io.mediagate.routing.providers.local;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.routing.providers.SourceImage;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * The local renderer's edits and variations, visibly derived from the source: an edit re-renders the masked
 * area (transparent in the mask) from the prompt's pattern and keeps the rest, or without a mask blends the
 * pattern half (a quarter, for high input fidelity) into the whole picture; a variation keeps the composition and shifts its colours by the seed.
 * Sources are scaled to the output size first.
 */
final class SourceRenderer {
    private SourceRenderer() {
    }

    /**
     * The edit drawn at {@code detail}; {@code faithful} (input fidelity high) keeps three quarters of the source where no
     * mask says what to change, rather than half.
     */
    static BufferedImage edit(SourceImage source, SourceImage mask, PatternSpec spec, int width, int height, Detail detail,
                              boolean faithful) {
        BufferedImage base = scaled(decode(source, "image"), width, height);
        BufferedImage pattern = PatternRenderer.image(spec, width, height, detail);
        BufferedImage alpha = mask == null ? null : scaled(decode(mask, "mask"), width, height);
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int kept = base.getRGB(x, y);
                int drawn = pattern.getRGB(x, y);
                int rgb = alpha == null ? blend(kept, faithful ? blend(kept, drawn) : drawn) : (alpha.getRGB(x, y) >>> 24) < 128 ? drawn : kept;
                out.setRGB(x, y, rgb);
            }
        }
        return out;
    }

    /** The source with every hue turned by an amount the seed picks (never none), brightness and layout kept. */
    static BufferedImage vary(SourceImage source, long seed, int width, int height) {
        BufferedImage base = scaled(decode(source, "image"), width, height);
        float turn = 0.15f + 0.7f * (float) ((seed * 0x9E3779B97F4A7C15L >>> 40) / (double) (1L << 24));
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        float[] hsb = new float[3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int rgb = base.getRGB(x, y);
                Color.RGBtoHSB((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, hsb);
                out.setRGB(x, y, Color.HSBtoRGB(hsb[0] + turn, Math.max(hsb[1], 0.35f), hsb[2]));
            }
        }
        return out;
    }

    private static int blend(int a, int b) {
        int r = (((a >> 16) & 0xFF) + ((b >> 16) & 0xFF)) / 2;
        int g = (((a >> 8) & 0xFF) + ((b >> 8) & 0xFF)) / 2;
        int bl = ((a & 0xFF) + (b & 0xFF)) / 2;
        return r << 16 | g << 8 | bl;
    }

    private static BufferedImage scaled(BufferedImage image, int width, int height) {
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(image, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return out;
    }

    private static BufferedImage decode(SourceImage source, String param) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(source.bytes()));
            if (image != null) {
                return image;
            }
        } catch (IOException e) {
            // refused below
        }
        throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "the local renderer reads PNG and JPEG " + param
                + " files, not " + source.mime(), param);
    }
}
