package io.mediagate.routing.ranking;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ParameterSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks model-specific extras against the model's parameter schema (type, enum, min, max). Extras the
 * model does not declare are refused under {@code compatible} and with an explicit provider, and
 * otherwise dropped and reported in {@code stats.ignoredParams}. OpenAI clients' own fields
 * ({@link #CLIENT_FIELDS}, such as {@code user}) reach the offers that declare them and are otherwise
 * dropped and reported in every mode: the stock SDKs send them whatever the model.
 */
public final class Parameters {
    static final Set<String> CLIENT_FIELDS = Set.of("user");

    private Parameters() {
    }

    /**
     * The validated, declared extras (the requested features), the undeclared ones that were dropped, and the features that
     * must be honoured whatever the routing mode ({@code required}: image options only a provider can do, such as a
     * transparent background), which only offers declaring them may serve.
     */
    public record Checked(Map<String, Object> features, List<String> undeclared, Set<String> required) {
        public Checked(Map<String, Object> features, List<String> undeclared) {
            this(features, undeclared, Set.of());
        }

        /** These, with {@code must} (name to value) requested and required too. */
        public Checked requiring(Map<String, Object> must) {
            if (must.isEmpty()) {
                return this;
            }
            Map<String, Object> all = new LinkedHashMap<>(features);
            all.putAll(must);
            Set<String> names = new LinkedHashSet<>(required);
            names.addAll(must.keySet());
            return new Checked(all, undeclared, Set.copyOf(names));
        }
    }

    public static Checked check(ModelSpec model, Map<String, Object> extras, RoutingMode mode) {
        Map<String, Object> features = new LinkedHashMap<>();
        List<String> undeclared = new ArrayList<>();
        List<ParameterSpec> schema = model.parameters() == null ? List.of() : model.parameters();
        for (Map.Entry<String, Object> e : extras.entrySet()) {
            ParameterSpec spec = schema.stream().filter(p -> p.name().equals(e.getKey())).findFirst().orElse(null);
            if (spec == null) {
                if ((mode == RoutingMode.COMPATIBLE || mode == RoutingMode.EXPLICIT) && !CLIENT_FIELDS.contains(e.getKey())) {
                    throw new ApiException(ErrorCode.UNSUPPORTED_PARAMETER,
                            e.getKey() + " is not a parameter of " + model.id(), e.getKey());
                }
                undeclared.add(e.getKey());
                continue;
            }
            features.put(e.getKey(), value(spec, e.getValue()));
        }
        return new Checked(features, undeclared);
    }

    private static Object value(ParameterSpec spec, Object value) {
        String name = spec.name();
        Object typed = switch (spec.type()) {
            case "integer" -> {
                if (!(value instanceof Integer || value instanceof Long)) {
                    throw ApiException.invalid(name, name + " must be an integer");
                }
                yield ((Number) value).longValue();
            }
            case "number" -> {
                if (!(value instanceof Number n)) {
                    throw ApiException.invalid(name, name + " must be a number");
                }
                yield n.doubleValue();
            }
            case "boolean" -> {
                if (!(value instanceof Boolean)) {
                    throw ApiException.invalid(name, name + " must be true or false");
                }
                yield value;
            }
            default -> {
                if (!(value instanceof String s)) {
                    throw ApiException.invalid(name, name + " must be a string");
                }
                if (spec.enumValues() != null && !spec.enumValues().isEmpty() && !spec.enumValues().contains(s)) {
                    throw ApiException.invalid(name, name + " must be one of " + spec.enumValues());
                }
                yield s;
            }
        };
        if (typed instanceof Number n) {
            if (spec.min() != null && n.doubleValue() < spec.min()) {
                throw ApiException.invalid(name, name + " must be at least " + format(spec.min()));
            }
            if (spec.max() != null && n.doubleValue() > spec.max()) {
                throw ApiException.invalid(name, name + " must be at most " + format(spec.max()));
            }
        }
        return typed;
    }

    private static String format(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
