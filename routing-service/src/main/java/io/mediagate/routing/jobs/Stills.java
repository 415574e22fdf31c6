package io.mediagate.routing.jobs;

import io.mediagate.common.media.ContentSniffer;
import java.util.Optional;
import java.util.Set;

/**
 * What a preview still must be before it is passed on or kept: a PNG, JPEG, WebP or GIF by its bytes, whose header gives
 * a width and height each from 1 to {@link #MAX_SIDE}, of at most {@link JobPreviews#MAX_BYTES}. A provider's partial image
 * is outside input like its results: one that is anything else (an HTML page, a truncated header, a header claiming
 * absurd dimensions) is dropped, never stored or served as the job's preview.
 */
final class Stills {
    /** Largest side of a still, in pixels. */
    static final int MAX_SIDE = 16_384;
    private static final Set<String> TYPES = Set.of("image/png", "image/jpeg", "image/webp", "image/gif");

    private Stills() {
    }

    /** The still's type, read from its bytes, when it is one that may be kept; empty when it is not. */
    static Optional<String> checked(byte[] image) {
        if (image == null || image.length == 0 || image.length > JobPreviews.MAX_BYTES) {
            return Optional.empty();
        }
        return ContentSniffer.mime(image).filter(TYPES::contains)
                .filter(mime -> ContentSniffer.dimensions(image).filter(d -> within(d.width()) && within(d.height())).isPresent());
    }

    private static boolean within(int side) {
        return side >= 1 && side <= MAX_SIDE;
    }
}
