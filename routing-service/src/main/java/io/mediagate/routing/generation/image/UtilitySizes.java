package io.mediagate.routing.generation.image;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.values.Size;
import io.mediagate.routing.providers.SourceImage;
import java.util.Map;

/**
 * The size a utility operation makes from its picture: an upscale's, the {@code size} asked, else the picture's times its
 * {@code scale} (2 or 4, the model's parameter; 2 by default), never smaller than the picture nor over {@value #MAX_SIDE} a
 * side (else 400 naming the field); a background removal's, the picture's own.
 */
final class UtilitySizes {
    static final int MAX_SIDE = 8192;

    private UtilitySizes() {
    }

    static Size target(GenerationRequest request, SourceImage source, Map<String, Object> params) {
        if (!ImageSources.UPSCALE.equals(request.sources().operation())) {
            return Size.frame(source.width(), source.height());
        }
        if (request.size() != null) {
            Size asked = request.size();
            if (asked.width() < source.width() || asked.height() < source.height()) {
                throw ApiException.invalid("size", "size " + asked + " is smaller than the picture (" + source.width() + "x"
                        + source.height() + "); an upscale makes it larger");
            }
            return asked;
        }
        int scale = params.get("scale") instanceof Number n ? n.intValue() : 2;
        long width = (long) source.width() * scale;
        long height = (long) source.height() * scale;
        if (width > MAX_SIDE || height > MAX_SIDE) {
            throw ApiException.invalid("scale", "a " + source.width() + "x" + source.height() + " picture at scale " + scale + " is over "
                    + MAX_SIDE + " a side; ask for a smaller scale or a size");
        }
        return Size.frame((int) width, (int) height);
    }
}
