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

    /**
     * A video's size as a job carries it: its label ({@code 720p}) and its frame ({@code width x height}, the label's ratio when
     * either is not positive, as work from before frames were carried is); empty when the label is not a video size.
     */
    public static Optional<Size> video(String label, int width, int height) {
        return VideoSize.parse(label).map(v -> width > 0 && height > 0 ? v.frame((double) width / height) : of(v));
    }

    /** Whether this is a video size ({@link #video()}) in a frame other than its label's landscape one: portrait, square, 4:5... */
    public boolean reframed() {
        return video().filter(v -> v.width() != width || v.height() != height).isPresent();
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

    /**
     * The aspect ratio in lowest terms, {@code 16:9}; a video frame's sides are rounded to even, so its ratio is the one in terms
     * up to 64 nearest them ({@code 854x480} is 16:9, {@code 720x1280} 9:16).
     */
    public String aspectRatio() {
        if (video().isPresent()) {
            return Framing.ratioOf(width, height);
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
