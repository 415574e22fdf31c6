package io.mediagate.routing.providers.local;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The look of a clip, derived from a SHA-256 of prompt and seed: four colours, the seed of ffmpeg's
 * gradient source, its speed, and a hue turn for variations. Any change of prompt or seed changes them.
 */
record MotionSpec(String style, String[] colours, long gradientSeed, double speed, int hueTurn) {

    static MotionSpec of(String prompt, long seed, String style) {
        ByteBuffer h = ByteBuffer.wrap(sha256(prompt + "\u0000" + seed));
        String[] colours = new String[4];
        for (int i = 0; i < colours.length; i++) {
            colours[i] = String.format(Locale.ROOT, "0x%06x", h.getInt() & 0xFFFFFF);
        }
        long gradientSeed = h.getInt() & 0x7FFFFFFFL;
        double speed = 0.01 + 0.03 * ((h.getShort() & 0xFFFF) / 65535.0);
        int hueTurn = 60 + (h.getShort() & 0xFFFF) % 240;
        return new MotionSpec(style, colours, gradientSeed, speed, hueTurn);
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
