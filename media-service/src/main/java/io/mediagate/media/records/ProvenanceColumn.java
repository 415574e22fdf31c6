package io.mediagate.media.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.Provenance;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** An item's provenance as its column keeps it: JSON text. */
@Converter
public class ProvenanceColumn implements AttributeConverter<Provenance, String> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String convertToDatabaseColumn(Provenance provenance) {
        try {
            return provenance == null ? null : JSON.writeValueAsString(provenance);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Provenance convertToEntityAttribute(String column) {
        try {
            return column == null ? null : JSON.readValue(column, Provenance.class);
        } catch (JsonProcessingException e) {
            return null; // unreadable: shown as not read yet
        }
    }
}
