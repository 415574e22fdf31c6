package io.mediagate.common.media;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells an SVG document from its start, and its size from its root element. An SVG is text: an optional
 * byte-order mark, whitespace, an XML declaration, comments and a doctype, then an {@code <svg} root. A doctype
 * with an internal subset (entity definitions) is not taken for an image.
 */
final class SvgSniffer {
    private static final int HEAD = 8192;
    private static final Pattern ATTRIBUTE = Pattern.compile("\\s([A-Za-z:]+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')");
    private static final Pattern LENGTH = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(?:px)?\\s*");
    private static final Pattern NUMBERS = Pattern.compile("[\\s,]+");
    private static final int MAX_SIDE = 100_000;

    private SvgSniffer() {
    }

    static boolean is(byte[] b) {
        return root(b) != null;
    }

    /** {@code width} and {@code height} in pixels when both are plain lengths, else the {@code viewBox}'s size. */
    static Optional<ContentSniffer.Dimensions> dimensions(byte[] b) {
        String root = root(b);
        if (root == null) {
            return Optional.empty();
        }
        String width = null;
        String height = null;
        String viewBox = null;
        Matcher m = ATTRIBUTE.matcher(root);
        while (m.find()) {
            String value = m.group(2) != null ? m.group(2) : m.group(3);
            switch (m.group(1)) {
                case "width" -> width = value;
                case "height" -> height = value;
                case "viewBox" -> viewBox = value;
                default -> { }
            }
        }
        int w = length(width);
        int h = length(height);
        if (w > 0 && h > 0) {
            return Optional.of(new ContentSniffer.Dimensions(w, h));
        }
        if (viewBox != null) {
            String[] parts = NUMBERS.split(viewBox.trim());
            if (parts.length == 4) {
                w = length(parts[2]);
                h = length(parts[3]);
                if (w > 0 && h > 0) {
                    return Optional.of(new ContentSniffer.Dimensions(w, h));
                }
            }
        }
        return Optional.empty();
    }

    /** A length in pixels (a number, optionally {@code px}), rounded; 0 for anything else (percentages, other units). */
    private static int length(String value) {
        if (value == null) {
            return 0;
        }
        Matcher m = LENGTH.matcher(value);
        if (!m.matches()) {
            return 0;
        }
        double pixels = Double.parseDouble(m.group(1));
        return pixels >= 1 && pixels <= MAX_SIDE ? (int) Math.round(pixels) : 0;
    }

    /** The root element's start tag up to its {@code >}, or null when the document does not open with {@code <svg}. */
    private static String root(byte[] b) {
        int from = b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF ? 3 : 0;
        String text = new String(b, from, Math.max(0, Math.min(b.length, HEAD) - from), StandardCharsets.ISO_8859_1);
        int at = 0;
        while (true) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            if (text.startsWith("<?", at)) {
                at = after(text, at, "?>");
            } else if (text.startsWith("<!--", at)) {
                at = after(text, at, "-->");
            } else if (text.regionMatches(true, at, "<!DOCTYPE", 0, 9)) {
                int end = text.indexOf('>', at);
                if (end < 0 || text.substring(at, end).contains("[")) {
                    return null;
                }
                at = end + 1;
            } else if (text.startsWith("<svg", at) && at + 4 < text.length() && " \t\r\n>/".indexOf(text.charAt(at + 4)) >= 0) {
                int end = text.indexOf('>', at);
                return end < 0 ? null : text.substring(at, end);
            } else {
                return null;
            }
            if (at < 0) {
                return null;
            }
        }
    }

    private static int after(String text, int at, String end) {
        int found = text.indexOf(end, at);
        return found < 0 ? -1 : found + end.length();
    }
}
