package io.mediagate.common.values;

import io.mediagate.common.api.ApiException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request's shape in words rather than pixels: an {@code aspect_ratio} ({@code 16:9}, {@code 9:16}, {@code 1:1},
 * {@code 4:5}, {@code 21:9}: any {@code W:H} of whole numbers up to 64) and a {@code resolution} (an image's {@code 0.5k},
 * {@code 1k}, {@code 2k} or {@code 4k}, by the side of a square of its pixels; a video's {@code 480p}, {@code 720p},
 * {@code 1080p} or {@code 4k}), either or both. A model's sizes are its shapes: {@link #pick} chooses the one asked for,
 * or refuses naming the field no size of the model can meet.
 */
public record Framing(String aspectRatio, String resolution) {
    private static final Pattern RATIO = Pattern.compile("([1-9][0-9]?):([1-9][0-9]?)");
    /** How far a size's ratio may be from the one asked and still be it: 2%, as a ratio's sides round to whole pixels. */
    static final double TOLERANCE = 0.02;
    public static final List<String> IMAGE_RESOLUTIONS = List.of("0.5k", "1k", "2k", "4k");
    public static final List<String> VIDEO_RESOLUTIONS = List.of("480p", "720p", "1080p", "4k");

    /** The shape of {@code aspectRatio} and {@code resolution} (either null), each checked; null when both are. */
    public static Framing of(String aspectRatio, String resolution, boolean video) {
        if (aspectRatio == null && resolution == null) {
            return null;
        }
        if (aspectRatio != null) {
            Matcher m = RATIO.matcher(aspectRatio);
            if (!m.matches() || Integer.parseInt(m.group(1)) > 64 || Integer.parseInt(m.group(2)) > 64) {
                throw ApiException.invalid("aspect_ratio", "aspect_ratio must be width:height in whole numbers up to 64, such as 16:9, 9:16 or 1:1");
            }
        }
        List<String> resolutions = video ? VIDEO_RESOLUTIONS : IMAGE_RESOLUTIONS;
        String tier = resolution == null ? null : resolution.toLowerCase(java.util.Locale.ROOT);
        if (tier != null && !resolutions.contains(tier)) {
            throw ApiException.invalid("resolution", "resolution must be one of " + resolutions);
        }
        return new Framing(aspectRatio, tier);
    }

    /** The ratio of a {@code width x height} frame as {@code W:H} in terms up to 64: exact where they fit, else the nearest that does. */
    public static String ratioOf(int width, int height) {
        int bestW = 1;
        int bestH = 1;
        double wanted = (double) width / height;
        double best = Double.MAX_VALUE;
        for (int h = 1; h <= 64; h++) {
            int w = (int) Math.round(wanted * h);
            double off = Math.abs(Math.log((double) w / h / wanted));
            if (w >= 1 && w <= 64 && off < best - 1e-12) {
                best = off;
                bestW = w;
                bestH = h;
            }
        }
        return bestW + ":" + bestH;
    }

    /** The ratio asked for as a number (width over height); empty when none was. */
    public Optional<Double> ratio() {
        if (aspectRatio == null) {
            return Optional.empty();
        }
        String[] sides = aspectRatio.split(":");
        return Optional.of(Double.parseDouble(sides[0]) / Double.parseDouble(sides[1]));
    }

    /** Whether {@code size} has the ratio asked for (within 2%), or none was asked. */
    public boolean hasRatio(Size size) {
        return ratio().map(r -> Math.abs(ratioOf(size) / r - 1) <= TOLERANCE).orElse(true);
    }

    /** Whether {@code size} is at the resolution asked for, or none was asked. */
    public boolean hasResolution(Size size) {
        return resolution == null || resolution.equals(resolutionOf(size));
    }

    /** A video size ({@code 720p}) in the frame of the ratio asked, where one was ({@code 720x1280} at 9:16); any other size as it is. */
    public Size frame(Size size) {
        if (size == null || size.video().isEmpty() || aspectRatio == null) {
            return size;
        }
        return size.video().orElseThrow().frame(ratio().orElseThrow());
    }

    /** A size's width over height. */
    public static double ratioOf(Size size) {
        return (double) size.width() / size.height();
    }

    /** A size's resolution: a video label is its own; an image's is the tier nearest the side of a square of its pixels. */
    public static String resolutionOf(Size size) {
        if (size.video().isPresent()) {
            return size.label().toLowerCase(java.util.Locale.ROOT);
        }
        double side = Math.log(Math.sqrt((double) size.pixels())) / Math.log(2);
        int nearest = (int) Math.round(Math.max(9, Math.min(12, side)));
        return IMAGE_RESOLUTIONS.get(nearest - 9);
    }

    /**
     * The size of {@code sizes} (a model's, in its order) this shape asks for: of those with its ratio and resolution, the
     * one nearest {@code usual} (the model's default) in pixels and then in ratio. Refused with 400 naming
     * {@code aspect_ratio} when no size has the ratio, else {@code resolution}, listing what there is.
     */
    public Size pick(List<Size> sizes, Size usual, String modelId) {
        List<Size> shaped = sizes.stream().filter(this::hasRatio).toList();
        if (shaped.isEmpty()) {
            throw ApiException.invalid("aspect_ratio", modelId + " makes no " + aspectRatio + " size; it makes "
                    + sizes.stream().map(Framing::named).distinct().toList());
        }
        List<Size> fitting = shaped.stream().filter(this::hasResolution).toList();
        if (fitting.isEmpty()) {
            throw ApiException.invalid("resolution", modelId + " makes no " + (aspectRatio == null ? "" : aspectRatio + " ") + "size at "
                    + resolution + "; it makes " + shaped.stream().map(Framing::resolutionOf).distinct().toList());
        }
        double usualRatio = usual == null ? 1 : ratioOf(usual);
        long usualPixels = usual == null ? 1024L * 1024 : usual.pixels();
        return fitting.stream().min(Comparator.<Size>comparingDouble(s -> Math.abs(Math.log((double) s.pixels() / usualPixels)))
                .thenComparingDouble(s -> Math.abs(Math.log(ratioOf(s) / usualRatio)))).orElseThrow();
    }

    /** The ratios people ask for by name, which a size whose sides round to whole pixels is called by when it is within 2% of one. */
    private static final List<String> COMMON = List.of("1:1", "16:9", "9:16", "4:3", "3:4", "3:2", "2:3", "4:5", "5:4", "21:9", "9:21");

    /** A size as a shape: its ratio by its common name where it has one, else in lowest terms, at its resolution, then the size. */
    static String named(Size size) {
        String resolution = resolutionOf(size);
        return nameOf(size) + " " + resolution + (resolution.equals(size.label()) ? "" : " (" + size.label() + ")");
    }

    /** A size's ratio by its common name where it is within 2% of one ({@code 1792x1024}: 16:9), else in lowest terms. */
    public static String nameOf(Size size) {
        return COMMON.stream().filter(r -> new Framing(r, null).hasRatio(size)).findFirst().orElse(size.aspectRatio());
    }
}
