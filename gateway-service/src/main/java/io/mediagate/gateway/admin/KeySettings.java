package io.mediagate.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.gateway.auth.ApiKey;
import io.mediagate.gateway.auth.Budget;
import io.mediagate.gateway.auth.Scope;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The settings of a key in an admin request, each optional: {@code name}, {@code scopes} (a list; null for every
 * scope), {@code expiresAt} (ISO 8601, in the future; null for never) and {@code budget} ({@code {daily, monthly}}
 * in US dollars; null for none). A field left out is left as it is; a field given as null is cleared. Held as the
 * changes to make to a key, checked when the request is read.
 */
record KeySettings(List<Consumer<ApiKey>> changes) {

    /** The settings in {@code body}; an empty body is no settings. */
    static KeySettings parse(ObjectMapper json, String body, Instant now) {
        List<Consumer<ApiKey>> changes = new ArrayList<>();
        if (body == null || body.isBlank()) {
            return new KeySettings(changes);
        }
        JsonBody in = JsonBody.parse(json, body);
        field(in, "name", n -> {
            String name = in.string("name").orElseThrow().trim();
            if (name.isEmpty() || name.length() > 200) {
                throw ApiException.invalid("name", "name must be 1 to 200 characters");
            }
            return name;
        }, changes, (key, name) -> key.name = name);
        field(in, "scopes", n -> {
            if (!n.isArray()) {
                throw ApiException.invalid("scopes", "scopes must be a list such as [\"images\", \"usage\"]");
            }
            List<String> names = new ArrayList<>();
            n.forEach(s -> names.add(s.asText()));
            return Scope.toColumn(Scope.parseAll(names));
        }, changes, (key, scopes) -> key.scopes = scopes);
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
        }, changes, (key, at) -> key.expiresAt = at);
        field(in, "budget", n -> Budget.toColumn(json, budget(json, n, "budget")), changes, (key, budget) -> key.budget = budget);
        return new KeySettings(changes);
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

    /** Adds the change for field {@code name} when the body has it: its value read, or null (clearing it). */
    private static <T> void field(JsonBody in, String name, Function<JsonNode, T> reader, List<Consumer<ApiKey>> changes,
                                  BiConsumer<ApiKey, T> set) {
        JsonNode node = in.node().get(name);
        if (node != null) {
            T value = node.isNull() ? null : reader.apply(node);
            changes.add(key -> set.accept(key, value));
        }
    }

    /** Writes the given settings into {@code key}, leaving the others as they are. */
    void applyTo(ApiKey key) {
        changes.forEach(change -> change.accept(key));
    }
}
