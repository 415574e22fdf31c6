package io.mediagate.common.catalog;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import java.util.List;
import java.util.Optional;

/**
 * The defaults and limits of a request against a model, in one place for everyone who reads them: the gateway's edge
 * (the longest video anyone may ask for), its worst-case budget reservation, and routing's planner. A request names a
 * size or gets the model's default; a video names a duration or gets the model's default, else
 * {@link #DEFAULT_SECONDS}; no model serves more than {@link #MAX_SECONDS}.
 */
public final class Planning {
    /** The longest video the API makes, whatever a model's own bounds (docs/api-guide.md, "Videos and jobs"). */
    public static final double MAX_SECONDS = 30;
    /** A video's length when neither the request nor the model names one. */
    public static final double DEFAULT_SECONDS = 5;
    /** The shortest video a model that declares no bounds is asked for. */
    static final double MIN_SECONDS = 1;

    private Planning() {
    }

    /** The durations a model serves here: its own bounds capped at {@link #MAX_SECONDS}, and its default. */
    public record Clip(double min, double max, double defaultValue) {
        /** The length asked, or the default; refused with 400 {@code duration} when outside the bounds. */
        public double checked(Double requested, String modelId) {
            return checked(requested, modelId, "duration");
        }

        /** As {@link #checked(Double, String)}, the refusal naming {@code param} (OpenAI's video face calls it {@code seconds}). */
        public double checked(Double requested, String modelId, String param) {
            double value = requested != null ? requested : defaultValue;
            if (value < min || value > max) {
                throw ApiException.invalid(param, param + " must be between " + seconds(min) + " and " + seconds(max)
                        + " seconds for " + modelId);
            }
            return value;
        }
    }

    public static Clip clip(ModelSpec model) {
        DurationSpec bounds = model.durations();
        return bounds == null ? new Clip(MIN_SECONDS, MAX_SECONDS, DEFAULT_SECONDS)
                : new Clip(bounds.min(), Math.min(MAX_SECONDS, bounds.max()), bounds.defaultValue());
    }

    /** The length a video is made at: the one asked for, else the model's default (unchecked: {@link Clip#checked} refuses). */
    public static double seconds(ModelSpec model, Double requested) {
        return requested != null ? requested : clip(model).defaultValue();
    }

    /** The size a request is made at: the one asked for, else the model's default; empty when neither names a size. */
    public static Optional<Size> size(ModelSpec model, Size requested) {
        return requested != null ? Optional.of(requested) : Size.parse(model.defaultSize());
    }

    /**
     * The size a request is made at, with its {@code framing} (its shape in words; null: none): a size named must have that shape (else
     * 400 naming {@code aspect_ratio} or {@code resolution}); with none named, the model's size of that shape
     * ({@link Framing#pick}). A video's size names its resolution, and its {@code aspect_ratio} its frame at that resolution
     * ({@link VideoSize#frame}); with none, its model's first ratio (landscape, for most).
     */
    public static Optional<Size> size(ModelSpec model, Size requested, Framing framing) {
        if (requested != null && requested.video().isPresent() && model.kind() == MediaKind.VIDEO) {
            requested = framed(model, requested, framing == null ? null : framing.aspectRatio());
        }
        if (framing == null) {
            return requested != null ? Optional.of(requested) : defaultSize(model);
        }
        if (requested != null) {
            if (!framing.hasRatio(requested)) {
                throw ApiException.invalid("aspect_ratio", "size " + requested.label() + " is not " + framing.aspectRatio());
            }
            if (!framing.hasResolution(requested)) {
                throw ApiException.invalid("resolution", "size " + requested.label() + " is not " + framing.resolution());
            }
            return Optional.of(requested);
        }
        return Optional.of(framing.pick(sizes(model), defaultSize(model).orElse(null), model.id()));
    }

    /**
     * A model's sizes as the frames it makes: an image model's sizes; a video model's each of its resolutions at each of its
     * ratios ({@link ModelSpec#videoRatios}), in that order.
     */
    public static List<Size> sizes(ModelSpec model) {
        List<Size> labels = model.sizes().stream().map(Size::parse).flatMap(Optional::stream).toList();
        if (model.kind() != MediaKind.VIDEO) {
            return labels;
        }
        return labels.stream().flatMap(s -> s.video().stream()).flatMap(v -> model.videoRatios().stream().map(r -> v.frame(ratio(r)))).toList();
    }

    /** The model's default size, a video's at its first ratio; empty when the model names none this version reads. */
    private static Optional<Size> defaultSize(ModelSpec model) {
        return Size.parse(model.defaultSize()).map(s -> model.kind() == MediaKind.VIDEO ? framed(model, s, null) : s);
    }

    /** A video size at {@code aspectRatio} (null: the model's first), refused naming {@code aspect_ratio} when the model does not make it. */
    private static Size framed(ModelSpec model, Size size, String aspectRatio) {
        VideoSize tier = size.video().orElseThrow();
        List<String> ratios = model.videoRatios();
        if (aspectRatio == null) {
            return tier.frame(ratio(ratios.getFirst()));
        }
        Framing asked = new Framing(aspectRatio, null);
        Size frame = tier.frame(asked.ratio().orElseThrow());
        if (ratios.stream().noneMatch(r -> new Framing(r, null).hasRatio(frame))) {
            throw ApiException.invalid("aspect_ratio", model.id() + " makes no " + aspectRatio + " video; it makes " + ratios);
        }
        return frame;
    }

    private static double ratio(String aspectRatio) {
        return new Framing(aspectRatio, null).ratio().orElseThrow();
    }

    /** Whether the model offers {@code size} (a video label in any case is its label, at a ratio the model makes). */
    public static boolean offers(ModelSpec model, Size size) {
        if (!model.sizes().contains(size.label())) {
            return false;
        }
        return model.kind() != MediaKind.VIDEO || model.videoRatios().stream().anyMatch(r -> new Framing(r, null).hasRatio(size));
    }

    private static String seconds(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
