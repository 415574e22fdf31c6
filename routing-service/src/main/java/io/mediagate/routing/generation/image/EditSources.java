package io.mediagate.routing.generation.image;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.signing.ImageSigning;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.SourceImage;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The source images of an edit or variation, read back from media-service (where the gateway kept them as
 * the caller's items) under the caller's visibility rules.
 */
@ApplicationScoped
class EditSources {
    private final MediaClient media;

    EditSources(MediaClient media) {
        this.media = media;
    }

    record Loaded(List<SourceImage> images, SourceImage mask) {}

    Loaded load(GenerationRequest request) {
        ImageSources sources = request.sources();
        List<SourceImage> images = new ArrayList<>(sources.images().size());
        for (String id : sources.images()) {
            images.add(load(request, id, "image"));
        }
        return new Loaded(images, sources.mask() == null ? null : load(request, sources.mask(), "mask"));
    }

    /** The loaded sources as Content Credentials name them: by media id, the images in order, then the mask. */
    static List<ImageSigning.Source> named(GenerationRequest request, Loaded loaded) {
        List<ImageSigning.Source> named = new ArrayList<>();
        for (int i = 0; i < loaded.images().size(); i++) {
            SourceImage image = loaded.images().get(i);
            named.add(new ImageSigning.Source(request.sources().images().get(i), image.bytes(), image.mime()));
        }
        if (loaded.mask() != null) {
            named.add(new ImageSigning.Source(request.sources().mask(), loaded.mask().bytes(), loaded.mask().mime()));
        }
        return named;
    }

    private SourceImage load(GenerationRequest request, String id, String param) {
        byte[] bytes = media.read(id, request.userId(), request.tier());
        String mime = ContentSniffer.mime(bytes).filter(m -> m.startsWith("image/")).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, param + " must be a PNG, JPEG, WebP or GIF image", param));
        ContentSniffer.Dimensions size = ContentSniffer.dimensions(bytes).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, param + " is not a readable image", param));
        return new SourceImage(bytes, mime, size.width(), size.height());
    }
}
