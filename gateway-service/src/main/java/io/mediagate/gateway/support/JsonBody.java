package io.mediagate.gateway.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A request body read as a JSON object with typed, named accessors: every missing or mistyped field
 * becomes a 400 {@code invalid_request} naming the field, never a framework error. A body nested deeper than
 * {@link #MAX_DEPTH} or holding text that is not valid Unicode (a lone surrogate such as {@code "\ud800"}) is
 * refused when read, and a field the gateway does not know (a model parameter, handed on to routing) is limited
 * to {@link #MAX_EXTRA_BYTES} of JSON, so that nothing a caller sends can grow the job past what the broker takes.
 */
public final class JsonBody {
    /** Levels of arrays and objects a body may have, the body itself being the first. */
    public static final int MAX_DEPTH = 32;
    /** Bytes of JSON one field the gateway does not know may take. */
    public static final int MAX_EXTRA_BYTES = 8192;

    private final ObjectNode node;

    private JsonBody(ObjectNode node) {
        this.node = node;
    }

    public static JsonBody parse(ObjectMapper json, String raw) {
        if (raw == null || raw.isBlank()) {
            throw ApiException.invalid(null, "a JSON object body is required");
        }
        try {
            JsonNode node = json.readTree(raw);
            if (node instanceof ObjectNode object) {
                return of(object);
            }
        } catch (IOException e) {
            throw ApiException.invalid(null, "the body is not valid JSON");
        }
        throw ApiException.invalid(null, "the body must be a JSON object");
    }

    /** Fields gathered some other way (a multipart form), checked by the same accessors. */
    public static JsonBody of(ObjectNode node) {
        JsonChecks.inspect(node, MAX_DEPTH);
        return new JsonBody(node);
    }

    public ObjectNode node() {
        return node;
    }

    public Optional<String> string(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw ApiException.invalid(field, field + " must be a string");
        }
        return Optional.of(v.asText());
    }

    public String requiredString(String field) {
        return string(field).orElseThrow(() -> ApiException.invalid(field, field + " is required"));
    }

    public Optional<Integer> integer(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw ApiException.invalid(field, field + " must be an integer");
        }
        return Optional.of(v.asInt());
    }

    /** 400 naming the first field of the body not in {@code known}; {@code takes} says what the body takes. */
    public void only(Set<String> known, String takes) {
        node.fieldNames().forEachRemaining(name -> {
            if (!known.contains(name)) {
                throw ApiException.invalid(name, "unknown field " + name + "; " + takes);
            }
        });
    }

    /**
     * {@code value} as an exact decimal when it is a finite JSON number; empty for anything else, such as a number too large
     * for a double ({@code 1e999} reads as infinity, which no decimal holds).
     */
    public static Optional<java.math.BigDecimal> decimal(JsonNode value) {
        if (value == null || !value.isNumber() || (value.isFloatingPointNumber() && !Double.isFinite(value.doubleValue()))) {
            return Optional.empty();
        }
        return Optional.of(value.decimalValue());
    }

    public Optional<Double> number(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw ApiException.invalid(field, field + " must be a number");
        }
        return Optional.of(v.asDouble());
    }

    public Optional<Boolean> bool(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isBoolean()) {
            throw ApiException.invalid(field, field + " must be true or false");
        }
        return Optional.of(v.asBoolean());
    }

    /** The fields not in {@code known}, as plain Java values; each at most {@link #MAX_EXTRA_BYTES} of JSON. */
    public Map<String, Object> rest(ObjectMapper json, Set<String> known) {
        Map<String, Object> extras = new LinkedHashMap<>();
        node.properties().forEach(e -> {
            if (!known.contains(e.getKey()) && !e.getValue().isNull()) {
                if (JsonChecks.encodedLength(json, e.getValue()) > MAX_EXTRA_BYTES) {
                    throw ApiException.invalid(e.getKey(), e.getKey() + " is limited to " + MAX_EXTRA_BYTES + " bytes of JSON");
                }
                extras.put(e.getKey(), json.convertValue(e.getValue(), Object.class));
            }
        });
        return extras;
    }
}
