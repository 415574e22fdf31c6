package io.mediagate.catalog.catalog;

import com.fasterxml.jackson.databind.DeserializationFeature;
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

    public static CatalogFile read(InputStream in, String source) {
        try {
            CatalogFile file = YAML.readValue(in, CatalogFile.class);
            if (file == null) {
                throw new InvalidCatalogException(source + ": the catalog file is empty");
            }
            CatalogValidator.validate(file, source);
            return file;
        } catch (IOException e) {
            String detail = e.getMessage() == null ? e.toString() : e.getMessage().split("\n")[0];
            String where = e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null
                    ? " (line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() + ")"
                    : "";
            throw new InvalidCatalogException(source + where + ": " + detail);
        }
    }
}
