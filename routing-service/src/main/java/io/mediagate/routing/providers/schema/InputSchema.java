package io.mediagate.routing.providers.schema;

import io.mediagate.routing.providers.ProviderException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A marketplace model's input schema as the marketplace publishes it (Replicate's version {@code openapi_schema}, fal's
 * OpenAPI document per endpoint), kept as a checked-in snapshot ({@link InputSchemas}) and refreshed by
 * {@code ./mediagate catalog sync}. The adapter fits every request to it before anything is sent ({@link #fit}).
 *
 * @param model      the upstream model (endpoint) it describes
 * @param source     where it was read
 * @param syncedAt   when it was last read (a date)
 * @param required   inputs the model cannot run without
 * @param bills      inputs whose value changes what the provider bills: always sent explicitly
 * @param properties every input the model takes
 */
public record InputSchema(String model, String source, String syncedAt, List<String> required, List<String> bills,
                          Map<String, Property> properties) {

    public InputSchema {
        required = required == null ? List.of() : List.copyOf(required);
        bills = bills == null ? List.of() : List.copyOf(bills);
        properties = properties == null ? Map.of() : Map.copyOf(properties);
    }

    /**
     * One input: its JSON type ({@code string}, {@code integer}, {@code number}, {@code boolean}, {@code array},
     * {@code object}, or null for any), the values it allows, its default, and its bounds.
     */
    public record Property(String type, List<Object> values, Object defaultValue, BigDecimal minimum, BigDecimal maximum) {
        public Property {
            values = values == null ? null : List.copyOf(values);
        }

        /** Whether the model takes {@code value}: one of its values, within its bounds. */
        boolean allows(Object value) {
            if (values != null && values.stream().noneMatch(v -> same(v, value))) {
                return false;
            }
            if (value instanceof Number n && (minimum != null || maximum != null)) {
                BigDecimal d = new BigDecimal(n.toString());
                return (minimum == null || d.compareTo(minimum) >= 0) && (maximum == null || d.compareTo(maximum) <= 0);
            }
            return true;
        }

        /** {@code value} in this input's type where it is written in another (a duration of 6 for a string "6"). */
        Object typed(Object value) {
            if (type == null || value == null) {
                return value;
            }
            return switch (type) {
                case "string" -> value instanceof Number n ? plain(n) : value;
                case "integer" -> value instanceof String s && s.matches("-?[0-9]{1,9}") ? Integer.valueOf(s)
                        : value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) ? (Object) n.intValue() : value;
                case "number" -> value instanceof String s && s.matches("-?[0-9]+(\\.[0-9]+)?") ? new BigDecimal(s) : value;
                case "boolean" -> "true".equals(value) || "false".equals(value) ? Boolean.valueOf((String) value) : value;
                default -> value;
            };
        }

        private static String plain(Number n) {
            return new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
        }

        private static boolean same(Object allowed, Object value) {
            if (allowed instanceof Number a && value instanceof Number b) {
                return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString())) == 0;
            }
            return String.valueOf(allowed).equals(String.valueOf(value));
        }

        String describe() {
            if (values != null) {
                return "one of " + values;
            }
            return "between " + (minimum == null ? "-∞" : minimum.toPlainString()) + " and " + (maximum == null ? "∞" : maximum.toPlainString());
        }
    }

    public boolean takes(String input) {
        return properties.containsKey(input);
    }

    /** Whether the model takes {@code value} for {@code input} (in the input's type). */
    public boolean allows(String input, Object value) {
        Property property = properties.get(input);
        return property != null && property.allows(property.typed(value));
    }

    /**
     * The request fitted to the model before it is sent. Each input is written in the type the model takes. An input of
     * our mapping the model does not take is left out (Hailuo 02 has no aspect ratio: it makes one shape); one the caller
     * set ({@code callerFields}) that it does not take, or any value it does not allow, refuses the request: naming the
     * field when the caller set it (the caller's to change), as this offer's fault otherwise (the next offer is tried).
     * A required input missing is this offer's fault: a text-only request never reaches an endpoint that needs an image.
     * Every input that {@link #bills} is sent explicitly, the model's default where neither the offer nor the request
     * set it, so the provider bills what the offer's price assumes.
     */
    public Map<String, Object> fit(Map<String, Object> input, Set<String> callerFields) {
        Map<String, Object> fitted = new LinkedHashMap<>();
        input.forEach((name, value) -> {
            Property property = properties.get(name);
            boolean callers = callerFields.contains(name);
            if (property == null) {
                if (callers) {
                    throw ProviderException.rejected(model + " takes no input " + name + " (the offer declares it)");
                }
                return;
            }
            Object typed = property.typed(value);
            if (!property.allows(typed)) {
                String message = model + " takes " + name + " " + property.describe() + ", not " + typed;
                throw callers ? ProviderException.rejected(message, name) : ProviderException.rejected(message);
            }
            fitted.put(name, typed);
        });
        for (String name : required) {
            if (!fitted.containsKey(name)) {
                throw ProviderException.rejected(model + " needs the input " + name + ", which this request does not give");
            }
        }
        for (String name : bills) {
            Property property = properties.get(name);
            if (!fitted.containsKey(name) && property != null && property.defaultValue() != null) {
                fitted.put(name, property.defaultValue());
            }
        }
        return fitted;
    }
}
