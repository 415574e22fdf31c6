package io.mediagate.gateway.batches;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.media.FilesApi;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v1/batches}' body as OpenAI's SDKs send it: {@code input_file_id}, {@code endpoint} (one this suite
 * batches), {@code completion_window} ({@code 24h}) and optionally {@code metadata} (at most 16 pairs of strings, keys
 * up to 64 and values up to 512 characters), {@code output_expires_after} ({@code {anchor: "created_at", seconds}}, 1 hour
 * to 30 days: how long the output and error files are kept), and (ours) {@code webhook_url}, told when the batch ends, and
 * {@code budget}, the most its lines may cost in US dollars. Any other field is refused naming it.
 */
record BatchRequest(String inputFileId, String endpoint, Map<String, String> metadata, String webhookUrl, BigDecimal budget,
                    Long outputExpiresAfter) {
    private static final Set<String> KNOWN = Set.of("input_file_id", "endpoint", "completion_window", "metadata", "webhook_url",
            "budget", "output_expires_after");
    private static final String EXPIRES = "output_expires_after";
    private static final BigDecimal MAX_BUDGET = new BigDecimal("1000000");

    static BatchRequest read(JsonBody in) {
        in.only(KNOWN, "a batch takes input_file_id, endpoint, completion_window, metadata, output_expires_after, webhook_url and budget");
        String file = in.string("input_file_id").orElseThrow(() -> ApiException.invalid("input_file_id", "input_file_id is required"));
        String endpoint = in.string("endpoint").orElseThrow(() -> ApiException.invalid("endpoint", "endpoint is required"));
        if (!BatchesApi.ENDPOINTS.contains(endpoint)) {
            throw ApiException.invalid("endpoint", "endpoint must be one of " + String.join(", ", BatchesApi.ENDPOINTS));
        }
        String window = in.string("completion_window").orElseThrow(() ->
                ApiException.invalid("completion_window", "completion_window is required: 24h"));
        if (!window.equals(BatchesApi.WINDOW)) {
            throw ApiException.invalid("completion_window", "completion_window must be 24h");
        }
        return new BatchRequest(file, endpoint, metadata(in.node().get("metadata")), RequestFields.url(in, "webhook_url").orElse(null),
                budget(in.node().get("budget")), outputExpiresAfter(in.node().get(EXPIRES)));
    }

    /** OpenAI's {@code output_expires_after}: seconds after their making that the files expire; null for the default. */
    private static Long outputExpiresAfter(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ApiException.invalid(EXPIRES, EXPIRES + " must be {\"anchor\": \"created_at\", \"seconds\": 3600 to 2592000}");
        }
        node.fieldNames().forEachRemaining(name -> {
            if (!name.equals("anchor") && !name.equals("seconds")) {
                throw ApiException.invalid(EXPIRES + "." + name, "unknown field " + name + "; " + EXPIRES + " takes anchor and seconds");
            }
        });
        if (!"created_at".equals(node.path("anchor").asText(null))) {
            throw ApiException.invalid(EXPIRES + ".anchor", EXPIRES + ".anchor must be created_at");
        }
        JsonNode seconds = node.get("seconds");
        if (seconds == null || !seconds.canConvertToLong() || !seconds.isIntegralNumber()) {
            throw ApiException.invalid(EXPIRES + ".seconds", EXPIRES + ".seconds must be a whole number of seconds, 3600 to 2592000");
        }
        FilesApi.lifetime(seconds.asLong(), EXPIRES + ".seconds");
        return seconds.asLong();
    }

    /** At most this much in US dollars, a positive number; null for no cap. */
    private static BigDecimal budget(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        BigDecimal budget = JsonBody.decimal(node).orElse(null);
        if (budget == null || budget.signum() <= 0 || budget.compareTo(MAX_BUDGET) > 0) {
            throw ApiException.invalid("budget", "budget must be a positive number of US dollars, at most " + MAX_BUDGET);
        }
        return budget;
    }

    private static Map<String, String> metadata(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ApiException.invalid("metadata", "metadata must be an object of strings");
        }
        if (node.size() > 16) {
            throw ApiException.invalid("metadata", "metadata holds at most 16 pairs");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> pair : node.properties()) {
            if (pair.getKey().length() > 64 || !pair.getValue().isTextual() || pair.getValue().asText().length() > 512) {
                throw ApiException.invalid("metadata", "metadata's keys are at most 64 characters and its values strings of at most 512");
            }
            out.put(pair.getKey(), pair.getValue().asText());
        }
        return out;
    }
}
