package io.mediagate.routing.jobs;

import io.mediagate.common.values.WireName;
import jakarta.persistence.AttributeConverter;
import java.util.function.Function;

/** An enumeration of the contract in a column of the {@code jobs} table: its wire name, so the column reads as the API shows it. */
abstract class WireColumn<E extends Enum<E> & WireName> implements AttributeConverter<E, String> {
    private final Function<String, E> read;

    WireColumn(Function<String, E> read) {
        this.read = read;
    }

    @Override
    public String convertToDatabaseColumn(E value) {
        return value == null ? null : value.wire();
    }

    @Override
    public E convertToEntityAttribute(String column) {
        return column == null ? null : read.apply(column);
    }
}
