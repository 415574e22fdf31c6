package io.mediagate.common.values;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The video sizes of docs/api-guide.md and their 16:9 frame sizes (even sides, as H.264 4:2:0 needs). */
public enum VideoSize {
    P480("480p", 854, 480),
    P720("720p", 1280, 720),
    P1080("1080p", 1920, 1080);

    private final String label;
    private final int width;
    private final int height;

    VideoSize(String label, int width, int height) {
        this.label = label;
        this.width = width;
        this.height = height;
    }

    public String label() {
        return label;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public static Optional<VideoSize> parse(String label) {
        return Arrays.stream(values()).filter(s -> s.label.equalsIgnoreCase(label)).findFirst();
    }

    /** The size whose height a {@code width x height} frame's short side fits (OpenAI's {@code 1280x720} is 720p). */
    public static VideoSize byShortSide(int width, int height) {
        int side = Math.min(width, height);
        return side <= P480.height ? P480 : side <= P720.height ? P720 : P1080;
    }

    /**
     * This size's frame at {@code ratio} (width over height): its short side this size's height, its long side the ratio's,
     * rounded to even (as H.264 4:2:0 needs), with this size's label. At 16:9 it is this size's own frame; at 9:16 720p is
     * {@code 720x1280}, at 1:1 {@code 720x720}.
     */
    public Size frame(double ratio) {
        int longSide = 2 * (int) Math.round(height * Math.max(ratio, 1 / ratio) / 2);
        return ratio >= 1 ? new Size(label, longSide, height) : new Size(label, height, longSide);
    }

    /** {@code top} and the frames of the smaller sizes of its ladder ({@link #ladder()}) at its ratio, largest first: a portrait video's renditions are portrait. */
    public static List<Size> ladder(Size top) {
        VideoSize tier = top.video().orElseThrow(() -> new IllegalArgumentException("not a video size: " + top));
        double ratio = (double) top.width() / top.height();
        return tier.ladder().stream().map(s -> s == tier ? top : s.frame(ratio)).toList();
    }

    /** This size and every smaller one, largest first: the MP4 rendition ladder of a video this size. */
    public List<VideoSize> ladder() {
        return Arrays.stream(values()).filter(s -> s.height <= height)
                .sorted((a, b) -> Integer.compare(b.height, a.height)).toList();
    }
}
