package io.mediagate.routing.jobs;

import io.mediagate.common.values.MediaKind;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** A job's kind in the {@code jobs} table: its wire name ({@code image}, {@code video}). */
@Converter
class MediaKindColumn implements AttributeConverter<MediaKind, String> {
    @Override
    public String convertToDatabaseColumn(MediaKind kind) {
        return kind == null ? null : kind.wire();
    }

    @Override
    public MediaKind convertToEntityAttribute(String column) {
        return column == null ? null : MediaKind.fromWire(column);
    }
}
