package io.mediagate.routing.providers.local;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The look of a picture, derived from a SHA-256 of prompt and seed: three colours, frequencies,
 * an angle and a phase. Any change of prompt or seed changes every one of them.
 */
record PatternSpec(String style, float[] hues, float saturation, double freqX, double freqY, double angle,
                   double phase, double warp) {

    static PatternSpec of(String prompt, long seed, String style) {
        ByteBuffer h = ByteBuffer.wrap(sha256(prompt + "\u0000" + seed));
        float baseHue = unit(h.getShort());
        float[] hues = {baseHue, (baseHue + 0.18f + 0.3f * unit(h.getShort())) % 1f, (baseHue + 0.5f + 0.2f * unit(h.getShort())) % 1f};
        return new PatternSpec(style, hues,
                0.45f + 0.5f * unit(h.getShort()),
                2 + 10 * unit(h.getShort()),
                2 + 10 * unit(h.getShort()),
                Math.PI * unit(h.getShort()),
                2 * Math.PI * unit(h.getShort()),
                0.5 + 3 * unit(h.getShort()));
    }

    private static float unit(short v) {
        return (v & 0xFFFF) / 65535f;
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
