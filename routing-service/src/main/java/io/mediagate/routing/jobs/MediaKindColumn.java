package io.mediagate.routing.jobs;

import io.mediagate.common.values.MediaKind;
import jakarta.persistence.Converter;

/** A job's kind in the {@code jobs} table ({@code image}, {@code video}). */
@Converter
class MediaKindColumn extends WireColumn<MediaKind> {
    MediaKindColumn() {
        super(MediaKind::fromWire);
    }
}
