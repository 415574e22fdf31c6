package io.mediagate.catalog.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.paramnames.ParameterNamesModule;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The catalog file: the providers and models an operator offers. Unknown fields are errors, so a
 * typo fails start-up with the line and field instead of being silently ignored.
 */
public record CatalogFile(List<ProviderSpec> providers, List<ModelSpec> models) {

    private static final ObjectMapper YAML = JsonMapper.builder(new YAMLFactory())
            .addModule(new JavaTimeModule())
            .addModule(new ParameterNamesModule())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    /** The field path of a mapping error, e.g. {@code models[0].defaultSize}. */
    private static String path(JsonMappingException e) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    public static CatalogFile read(InputStream in, String source) {
        try {
            CatalogFile file = YAML.readValue(in, CatalogFile.class);
            if (file == null) {
                throw new InvalidCatalogException(source + ": the catalog file is empty");
            }
            CatalogValidator.validate(file, source);
            return file;
        } catch (IOException e) {
            String detail = e instanceof JsonProcessingException j ? j.getOriginalMessage() : String.valueOf(e.getMessage());
            String where = e instanceof JsonProcessingException j && j.getLocation() != null
                    ? " (near line " + j.getLocation().getLineNr() + ")"
                    : "";
            String field = e instanceof JsonMappingException m && !m.getPath().isEmpty() ? " " + path(m) + ":" : "";
            throw new InvalidCatalogException(source + where + ":" + field + " " + detail.split("\n")[0]);
        }
    }
}
