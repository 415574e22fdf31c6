package io.mediagate.routing.providers.schema;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The checked-in input schemas of marketplace models, one JSON file per model under {@code schemas/<adapter>/} on the
 * class path ({@code schemas/replicate/minimax/hailuo-02.json}, {@code schemas/fal/fal-ai/flux/dev.json}); a pinned
 * Replicate version ({@code owner/name:version}) reads its model's file. Written by {@code ./mediagate catalog sync}
 * ({@link SchemaSync}); a model with no file is sent as mapped, unchecked.
 */
public final class InputSchemas {
    /** Where the snapshots live, in the source tree and on the class path. */
    public static final String FOLDER = "schemas";
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final Map<String, Optional<InputSchema>> LOADED = new ConcurrentHashMap<>();

    private InputSchemas() {
    }

    /** The schema of {@code upstreamModel} at an adapter, when a snapshot of it is checked in. */
    public static Optional<InputSchema> of(String adapter, String upstreamModel) {
        String model = upstreamModel.contains(":") ? upstreamModel.substring(0, upstreamModel.indexOf(':')) : upstreamModel;
        return LOADED.computeIfAbsent(adapter + "/" + model, InputSchemas::load);
    }

    /**
     * {@code input} fitted to the model's schema ({@link InputSchema#fit}) when a snapshot of it is checked in, as it is
     * otherwise; {@code callerFields} are the inputs the caller set.
     */
    private static Map<String, Object> fit(String adapter, String upstreamModel, Map<String, Object> input, java.util.Set<String> callerFields) {
        return of(adapter, upstreamModel).map(schema -> schema.fit(input, callerFields)).orElse(input);
    }

    /**
     * A marketplace model's input as sent: the offer's fixed inputs ({@link Upstream#fixedInputs}),
     * then the caller's parameters where the mapping left the field free, all fitted to the model's schema.
     */
    public static Map<String, Object> fitted(String adapter, String model, Map<String, String> options, Map<String, Object> params,
                                             Map<String, Object> input) {
        Shapes.fixedInputs(options, input);
        params.forEach(input::putIfAbsent);
        return fit(adapter, model, input, params.keySet());
    }

    /**
     * The start of a marketplace edit's input: the prompt, the sources inline as data URIs under the offer's
     * {@code imageField} option (a field ending in {@code s}, such as {@code image_urls}, gets them all), the mask (white
     * where the image changes) under its {@code maskField} option; each marketplace names its default fields.
     */
    public static Map<String, Object> editInput(ImageTask task, List<SourceImage> images, SourceImage mask, String imageField,
                                                String maskField) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("prompt", task.prompt());
        String field = task.option("imageField", imageField);
        input.put(field, SourceImage.dataUris(images, field));
        if (mask != null) {
            input.put(task.option("maskField", maskField), mask.whiteWhereTransparent().dataUri());
        }
        return input;
    }

    private static Optional<InputSchema> load(String path) {
        if (path.contains("..")) {
            return Optional.empty();
        }
        try (InputStream in = InputSchemas.class.getClassLoader().getResourceAsStream(FOLDER + "/" + path + ".json")) {
            return in == null ? Optional.empty() : Optional.of(read(JSON.readTree(in)));
        } catch (IOException e) {
            throw new UncheckedIOException("the schema snapshot " + path + " is not readable", e);
        }
    }

    /** A snapshot file's content as a schema. */
    public static InputSchema read(JsonNode file) {
        Map<String, InputSchema.Property> properties = new LinkedHashMap<>();
        file.path("properties").properties().forEach(e -> {
            JsonNode p = e.getValue();
            List<Object> values = null;
            if (p.path("enum").isArray()) {
                values = new ArrayList<>();
                for (JsonNode v : p.path("enum")) {
                    values.add(scalar(v));
                }
            }
            properties.put(e.getKey(), new InputSchema.Property(p.hasNonNull("type") ? p.get("type").asText() : null, values,
                    p.has("default") ? scalar(p.get("default")) : null, decimal(p.get("minimum")), decimal(p.get("maximum"))));
        });
        return new InputSchema(file.path("model").asText(), file.path("source").asText(null), file.path("syncedAt").asText(null),
                texts(file.path("required")), texts(file.path("bills")), properties);
    }

    private static List<String> texts(JsonNode list) {
        List<String> texts = new ArrayList<>();
        list.forEach(v -> texts.add(v.asText()));
        return texts;
    }

    private static BigDecimal decimal(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.decimalValue();
    }

    private static Object scalar(JsonNode v) {
        if (v.isIntegralNumber()) {
            return v.asLong() == (int) v.asLong() ? (Object) v.asInt() : v.asLong();
        }
        if (v.isNumber()) {
            return v.decimalValue();
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        return v.isNull() ? null : v.isValueNode() ? v.asText() : v;
    }
}
