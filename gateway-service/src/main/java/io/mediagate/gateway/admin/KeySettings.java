package io.mediagate.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.gateway.auth.ApiKey;
import io.mediagate.gateway.auth.Scope;
import io.mediagate.gateway.budgets.Budget;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The settings of a key in an admin request, each optional: {@code name}, {@code scopes} (a list; null for every
 * scope), {@code expiresAt} (ISO 8601, in the future; null for never) and {@code budget} ({@code {daily, monthly}}
 * in US dollars; null for none). A field left out is left as it is; a field given as null is cleared.
 */
record KeySettings(Optional<Optional<String>> name, Optional<Optional<Set<Scope>>> scopes,
                   Optional<Optional<Instant>> expiresAt, Optional<Optional<Budget>> budget) {

    static final KeySettings NONE = new KeySettings(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    /** The settings in {@code body}; an empty body is no settings. */
    static KeySettings parse(ObjectMapper json, String body, Instant now) {
        if (body == null || body.isBlank()) {
            return NONE;
        }
        JsonBody in = JsonBody.parse(json, body);
        return new KeySettings(
                field(in, "name", n -> {
                    String name = in.string("name").orElseThrow().trim();
                    if (name.isEmpty() || name.length() > 200) {
                        throw ApiException.invalid("name", "name must be 1 to 200 characters");
                    }
                    return name;
                }),
                field(in, "scopes", n -> {
                    if (!n.isArray()) {
                        throw ApiException.invalid("scopes", "scopes must be a list such as [\"images\", \"usage\"]");
                    }
                    List<String> names = new ArrayList<>();
                    n.forEach(s -> names.add(s.asText()));
                    return Scope.parseAll(names);
                }),
                field(in, "expiresAt", n -> {
                    try {
                        Instant at = Instant.parse(in.string("expiresAt").orElseThrow());
                        if (!at.isAfter(now)) {
                            throw ApiException.invalid("expiresAt", "expiresAt must be in the future");
                        }
                        return at;
                    } catch (DateTimeParseException e) {
                        throw ApiException.invalid("expiresAt", "expiresAt must be an ISO 8601 time such as 2027-01-01T00:00:00Z");
                    }
                }),
                field(in, "budget", n -> budget(json, n, "budget")));
    }

    /** A {@code {daily, monthly}} cap from a request. */
    static Budget budget(ObjectMapper json, JsonNode node, String param) {
        try {
            if (!node.isObject()) {
                throw ApiException.invalid(param, param + " must be an object such as {\"daily\": 5, \"monthly\": 100}");
            }
            node.fieldNames().forEachRemaining(f -> {
                if (!f.equals("daily") && !f.equals("monthly")) {
                    throw ApiException.invalid(param, param + " takes daily and monthly only, not " + f);
                }
            });
            return json.treeToValue(node, Budget.class).validated(param);
        } catch (JsonProcessingException e) {
            throw ApiException.invalid(param, param + " takes daily and monthly caps in US dollars");
        }
    }

    private interface Reader<T> {
        T read(JsonNode node);
    }

    private static <T> Optional<Optional<T>> field(JsonBody in, String name, Reader<T> reader) {
        JsonNode node = in.node().get(name);
        if (node == null) {
            return Optional.empty();
        }
        return Optional.of(node.isNull() ? Optional.empty() : Optional.of(reader.read(node)));
    }

    /** Writes the given settings into {@code key}, leaving the others as they are. */
    void applyTo(ApiKey key, ObjectMapper json) {
        name.ifPresent(n -> key.name = n.orElse(null));
        scopes.ifPresent(s -> key.scopes = Scope.toColumn(s.orElse(null)));
        expiresAt.ifPresent(e -> key.expiresAt = e.orElse(null));
        budget.ifPresent(b -> {
            try {
                key.budget = b.isEmpty() || b.get().isEmpty() ? null : json.writeValueAsString(b.get());
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
