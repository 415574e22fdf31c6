package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.values.WireName;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The output parameters of OpenAI's GPT image API, common to every image model here: {@code quality}, {@code output_format} with
 * {@code output_compression}, {@code background}, {@code moderation} and, on edits, {@code input_fidelity}. Null where the caller
 * did not set one. Each is honoured one of two ways: by an offer that declares it among its features (it is sent to the
 * provider), or, for the file format, its compression and an opaque background, by converting the result; the rest an offer
 * must honour itself ({@link #mustHonour()}), so a request carrying them goes only to offers that do. {@code partialImages}
 * (a streamed request's {@code partial_images}, null otherwise) asks for partial images where the serving provider makes
 * them: a preview, never required of an offer.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ImageOptions(Quality quality, Format outputFormat, Integer outputCompression, Background background,
                           Moderation moderation, Fidelity inputFidelity, Integer partialImages) {
    public static final String QUALITY = "quality";
    public static final String OUTPUT_FORMAT = "output_format";
    public static final String OUTPUT_COMPRESSION = "output_compression";
    public static final String BACKGROUND = "background";
    public static final String MODERATION = "moderation";
    public static final String INPUT_FIDELITY = "input_fidelity";
    /** Every option's field name, as requests and offers' features name them. */
    public static final List<String> NAMES = List.of(QUALITY, OUTPUT_FORMAT, OUTPUT_COMPRESSION, BACKGROUND, MODERATION, INPUT_FIDELITY);

    public static final ImageOptions NONE = new ImageOptions(null, null, null, null, null, null, null);

    public ImageOptions(Quality quality, Format outputFormat, Integer outputCompression, Background background, Moderation moderation,
                        Fidelity inputFidelity) {
        this(quality, outputFormat, outputCompression, background, moderation, inputFidelity, null);
    }

    /** These options with {@code count} partial images asked for (a streamed request's). */
    public ImageOptions withPartialImages(int count) {
        return new ImageOptions(quality, outputFormat, outputCompression, background, moderation, inputFidelity, count);
    }

    /** How many partial images were asked for: 0 unless streamed with {@code partial_images}. */
    public int partials() {
        return partialImages == null ? 0 : partialImages;
    }

    /** Whether the caller set none of them. */
    public boolean empty() {
        return equals(NONE);
    }

    /** The options the caller set, by field name, as a provider speaking OpenAI's wire takes them. */
    public Map<String, Object> asked() {
        Map<String, Object> asked = new LinkedHashMap<>();
        put(asked, QUALITY, quality);
        put(asked, OUTPUT_FORMAT, outputFormat);
        if (outputCompression != null) {
            asked.put(OUTPUT_COMPRESSION, outputCompression);
        }
        put(asked, BACKGROUND, background);
        put(asked, MODERATION, moderation);
        put(asked, INPUT_FIDELITY, inputFidelity);
        return asked;
    }

    private static void put(Map<String, Object> map, String name, WireName value) {
        if (value != null) {
            map.put(name, value.wire());
        }
    }

    /**
     * The options set to something only the provider can do, so only an offer declaring them may serve: a quality other
     * than {@code auto}, a transparent background, low moderation, high input fidelity. ({@code auto}, {@code opaque} and
     * the defaults ask for nothing a provider must do itself; the format and its compression are converted when the
     * provider cannot make them.)
     */
    public Set<String> mustHonour() {
        Set<String> names = new LinkedHashSet<>();
        if (quality != null && quality != Quality.AUTO) {
            names.add(QUALITY);
        }
        if (background == Background.TRANSPARENT) {
            names.add(BACKGROUND);
        }
        if (moderation == Moderation.LOW) {
            names.add(MODERATION);
        }
        if (inputFidelity == Fidelity.HIGH) {
            names.add(INPUT_FIDELITY);
        }
        return names;
    }

    /** A value written in lower case on the wire (and read back from it; an unknown value is refused). */
    /** The value of {@code type} that {@code wire} names; null for none (a value this version does not know). */
    static <E extends Enum<E> & WireName> E read(Class<E> type, String wire) {
        return WireName.read(type, wire, null);
    }

    /** The rendering effort: {@code auto} lets the provider choose. */
    public enum Quality implements WireName {
        AUTO, LOW, MEDIUM, HIGH;

        public static Quality of(String wire) {
            return read(Quality.class, wire);
        }
    }

    /** The file format of the result, with its media type and file extension. */
    public enum Format implements WireName {
        PNG("image/png"), JPEG("image/jpeg"), WEBP("image/webp");

        private final String mime;

        Format(String mime) {
            this.mime = mime;
        }

        public String mime() {
            return mime;
        }

        /** Whether {@code output_compression} applies to it (lossy formats only, as at OpenAI). */
        public boolean compressible() {
            return this != PNG;
        }

        /** Whether it can carry an alpha channel. */
        public boolean alpha() {
            return this != JPEG;
        }

        public static Format of(String wire) {
            return read(Format.class, wire);
        }

        /** The format of a file of media type {@code mime}; null for any other type. */
        public static Format ofMime(String mime) {
            for (Format f : values()) {
                if (f.mime.equals(mime)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** {@code transparent} (an alpha channel), {@code opaque}, or {@code auto}: the provider decides. */
    public enum Background implements WireName {
        AUTO, TRANSPARENT, OPAQUE;

        public static Background of(String wire) {
            return read(Background.class, wire);
        }
    }

    /** How strictly the provider moderates: {@code auto} (its default) or {@code low}. */
    public enum Moderation implements WireName {
        AUTO, LOW;

        public static Moderation of(String wire) {
            return read(Moderation.class, wire);
        }
    }

    /** How closely an edit keeps its sources' details: {@code low} (the default) or {@code high}. */
    public enum Fidelity implements WireName {
        LOW, HIGH;

        public static Fidelity of(String wire) {
            return read(Fidelity.class, wire);
        }
    }
}
