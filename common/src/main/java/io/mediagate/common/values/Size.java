package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size as the contract names it, parsed once: an image's {@code WIDTHxHEIGHT} ({@code 1024x1536}) or a video's label
 * ({@code 720p}, whose frame is {@link VideoSize}'s). On the wire it is its {@link #label()}, the same JSON string it
 * always was; reading one this version cannot parse fails, as a malformed size always did at the gateway's edge.
 */
public record Size(String label, int width, int height) {
    private static final Pattern FRAME = Pattern.compile("([0-9]{1,5})x([0-9]{1,5})");

    public Size {
        if (label == null || width < 1 || height < 1) {
            throw new IllegalArgumentException("a size has a label and positive sides");
        }
    }

    /** The size {@code text} names (a video label in any case, or {@code WxH}, leading zeros dropped); empty for anything else. */
    public static Optional<Size> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Optional<VideoSize> video = VideoSize.parse(text);
        if (video.isPresent()) {
            return video.map(Size::of);
        }
        Matcher m = FRAME.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        int width = Integer.parseInt(m.group(1));
        int height = Integer.parseInt(m.group(2));
        return width < 1 || height < 1 ? Optional.empty() : Optional.of(frame(width, height));
    }

    /** Jackson's reading of a size's label: refuses what {@link #parse} does not read. */
    @JsonCreator
    public static Size of(String text) {
        return parse(text).orElseThrow(() -> new IllegalArgumentException("not a size: " + text));
    }

    /** An image frame of {@code width x height}. */
    public static Size frame(int width, int height) {
        return new Size(width + "x" + height, width, height);
    }

    public static Size of(VideoSize video) {
        return new Size(video.label(), video.width(), video.height());
    }

    @JsonValue
    @Override
    public String label() {
        return label;
    }

    /** The video size this label names, empty for an image frame. */
    public Optional<VideoSize> video() {
        return VideoSize.parse(label);
    }

    /** The aspect ratio in lowest terms, {@code 16:9}; a video label's frame is rounded to even sides, so it is read from the label's ratio. */
    public String aspectRatio() {
        if (video().isPresent()) {
            return "16:9";
        }
        int d = gcd(width, height);
        return width / d + ":" + height / d;
    }

    public long pixels() {
        return (long) width * height;
    }

    @Override
    public String toString() {
        return label;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
