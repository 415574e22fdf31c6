package io.mediagate.routing.providers.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.routing.providers.schema.InputSchema;
import io.mediagate.routing.providers.schema.InputSchemas;
import java.util.ArrayList;
import java.util.List;

/**
 * What a marketplace does with an input that breaks its model's schema, for the fakes: a required input missing, a
 * value of another type (Replicate and fal do not convert "6" to 6), a value outside the values or bounds. Inputs the
 * schema does not name are ignored, as both marketplaces do.
 */
public final class SchemaRules {
    /** One broken rule: the input, a type in fal's words ({@code missing}, {@code type_error}, {@code enum}, {@code bounds}), the message. */
    public record Violation(String field, String type, String message) {}

    private SchemaRules() {
    }

    /** The rules {@code input} breaks for {@code model} at {@code adapter}; none when the model has no snapshot. */
    public static List<Violation> check(String adapter, String model, JsonNode input) {
        List<Violation> violations = new ArrayList<>();
        InputSchema schema = InputSchemas.of(adapter, model).orElse(null);
        if (schema == null) {
            return violations;
        }
        for (String required : schema.required()) {
            if (!input.hasNonNull(required)) {
                violations.add(new Violation(required, "missing", "Field required"));
            }
        }
        schema.properties().forEach((name, property) -> {
            JsonNode value = input.get(name);
            if (value == null || value.isNull()) {
                return;
            }
            boolean typed = switch (property.type() == null ? "" : property.type()) {
                case "integer" -> value.isIntegralNumber();
                case "number" -> value.isNumber();
                case "string" -> value.isTextual();
                case "boolean" -> value.isBoolean();
                default -> true;
            };
            if (!typed) {
                violations.add(new Violation(name, "type_error", "Invalid type. Expected: " + property.type() + ", given: " + value.getNodeType()));
            } else if (value.isValueNode() && !schema.allows(name, value.isNumber() ? value.numberValue() : value.isBoolean()
                    ? (Object) value.booleanValue() : value.asText())) {
                violations.add(new Violation(name, property.values() != null ? "enum" : "bounds",
                        name + " must be " + (property.values() != null ? "one of the following: " + property.values() : "within its bounds")));
            }
        });
        return violations;
    }
}
