package io.mediagate.gateway.images;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.ImageOptions.Background;
import io.mediagate.common.events.ImageOptions.Fidelity;
import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.events.ImageOptions.Moderation;
import io.mediagate.common.events.ImageOptions.Quality;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.values.WireName;
import io.mediagate.gateway.support.JsonBody;
import java.util.Arrays;
import java.util.function.Function;

/**
 * Reads the GPT image output parameters of an image request ({@link ImageOptions}) as OpenAI's API reference defines them,
 * refusing, with the field named, a value outside their enumerations and the combinations OpenAI refuses: a transparent
 * background in JPEG, a compression for PNG. {@code input_fidelity} belongs to edits only.
 */
final class ImageOptionFields {
    private ImageOptionFields() {
    }

    static ImageOptions read(JsonBody in, boolean edit) {
        Quality quality = in.string(ImageOptions.QUALITY).map(v -> quality(v)).orElse(null);
        Format format = in.string(ImageOptions.OUTPUT_FORMAT).map(v -> value(ImageOptions.OUTPUT_FORMAT, v, Format.values(), Format::of))
                .orElse(null);
        Integer compression = in.integer(ImageOptions.OUTPUT_COMPRESSION).orElse(null);
        Background background = in.string(ImageOptions.BACKGROUND)
                .map(v -> value(ImageOptions.BACKGROUND, v, Background.values(), Background::of)).orElse(null);
        Moderation moderation = in.string(ImageOptions.MODERATION)
                .map(v -> value(ImageOptions.MODERATION, v, Moderation.values(), Moderation::of)).orElse(null);
        Fidelity fidelity = in.string(ImageOptions.INPUT_FIDELITY)
                .map(v -> value(ImageOptions.INPUT_FIDELITY, v, Fidelity.values(), Fidelity::of)).orElse(null);
        if (fidelity != null && !edit) {
            throw ApiException.invalid(ImageOptions.INPUT_FIDELITY, "input_fidelity applies to edits (POST /v1/images/edits) only");
        }
        if (compression != null) {
            if (compression < 0 || compression > 100) {
                throw ApiException.invalid(ImageOptions.OUTPUT_COMPRESSION, "output_compression must be between 0 and 100");
            }
            if (format == null || !format.compressible()) {
                throw ApiException.invalid(ImageOptions.OUTPUT_COMPRESSION,
                        "output_compression applies to output_format jpeg or webp; set one of them");
            }
        }
        if (background == Background.TRANSPARENT && format != null && !format.alpha()) {
            throw ApiException.invalid(ImageOptions.BACKGROUND, "a transparent background needs output_format png or webp, not jpeg");
        }
        return new ImageOptions(quality, format, compression, background, moderation, fidelity);
    }

    private static Quality quality(String value) {
        if (value.equals("standard") || value.equals("hd")) {
            throw ApiException.invalid(ImageOptions.QUALITY, "quality " + value + " was DALL·E's (retired); use one of low, medium, high, auto");
        }
        return value(ImageOptions.QUALITY, value, Quality.values(), Quality::of);
    }

    private static <E extends WireName> E value(String field, String value, E[] all, Function<String, E> of) {
        E read = of.apply(value);
        if (read == null) {
            throw ApiException.invalid(field, field + " must be one of "
                    + String.join(", ", Arrays.stream(all).map(WireName::wire).toList()));
        }
        return read;
    }
}
