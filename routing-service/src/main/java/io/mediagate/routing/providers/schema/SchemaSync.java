package io.mediagate.routing.providers.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code ./mediagate catalog sync}: refreshes the checked-in input schemas ({@link InputSchemas}) from the marketplaces
 * that publish them. Replicate: {@code GET /v1/models/{owner}/{name}}, the latest version's {@code openapi_schema},
 * {@code components.schemas.Input} (enumerations sit behind {@code $ref}s). fal: {@code GET /v1/models?endpoint_id=...&expand=openapi-3.0},
 * the endpoint's request body schema. Every snapshot file under the folder is refreshed, and any {@code adapter:model}
 * given is added. A marketplace whose key is not set is reported {@code skipped} and its files are left as they are;
 * what a human wrote into a file ({@code bills}) is kept.
 */
public final class SchemaSync {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Path folder;
    private final Map<String, String> env;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final PrintStream out;

    /** One line of the report: a model, and what became of its snapshot ({@code synced}, {@code unchanged}, {@code skipped}, {@code failed}). */
    public record Outcome(String adapter, String model, String status, String detail) {}

    /**
     * @param folder the snapshots' folder ({@code routing-service/src/main/resources/schemas})
     * @param env    the keys ({@code REPLICATE_API_TOKEN}, {@code FAL_KEY}) and the marketplaces' addresses where they differ
     *               ({@code MEDIAGATE_SYNC_REPLICATE_URL}, {@code MEDIAGATE_SYNC_FAL_URL})
     */
    public SchemaSync(Path folder, Map<String, String> env, PrintStream out) {
        this.folder = folder;
        this.env = env;
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: SchemaSync FOLDER [adapter:model ...]");
            System.exit(2);
        }
        List<Outcome> outcomes = new SchemaSync(Path.of(args[0]), System.getenv(), System.out).run(List.of(args).subList(1, args.length));
        System.exit(outcomes.stream().anyMatch(o -> o.status().equals("failed")) ? 1 : 0);
    }

    /** Refreshes every snapshot in the folder and adds {@code extra} ({@code adapter:model}); answers what became of each. */
    public List<Outcome> run(List<String> extra) throws IOException {
        List<String[]> models = new ArrayList<>();
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.filter(f -> f.toString().endsWith(".json")).sorted().forEach(f -> {
                    String relative = folder.relativize(f).toString().replace('\\', '/');
                    int slash = relative.indexOf('/');
                    models.add(new String[] {relative.substring(0, slash), relative.substring(slash + 1, relative.length() - ".json".length())});
                });
            }
        }
        for (String e : extra) {
            int colon = e.indexOf(':');
            if (colon > 0 && !e.contains("..")) {
                models.add(new String[] {e.substring(0, colon), e.substring(colon + 1)});
            }
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (String[] m : models) {
            Outcome outcome = sync(m[0], m[1]);
            outcomes.add(outcome);
            out.printf("%-10s %-60s %-9s %s%n", outcome.adapter(), outcome.model(), outcome.status(), outcome.detail());
        }
        return outcomes;
    }

    private Outcome sync(String adapter, String model) {
        String keyVariable = switch (adapter) {
            case "replicate" -> "REPLICATE_API_TOKEN";
            case "fal" -> "FAL_KEY";
            default -> null;
        };
        if (keyVariable == null) {
            return new Outcome(adapter, model, "skipped", "no marketplace publishes schemas for this adapter");
        }
        String key = env.get(keyVariable);
        if (key == null || key.isBlank()) {
            return new Outcome(adapter, model, "skipped", keyVariable + " is not set");
        }
        try {
            ObjectNode input = adapter.equals("replicate") ? replicate(model, key) : fal(model, key);
            Path file = folder.resolve(adapter).resolve(model + ".json");
            JsonNode old = Files.exists(file) ? JSON.readTree(file.toFile()) : null;
            ObjectNode snapshot = snapshot(adapter, model, input, old);
            if (old != null && old.path("properties").equals(snapshot.path("properties")) && old.path("required").equals(snapshot.path("required"))) {
                return new Outcome(adapter, model, "unchanged", "");
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, JSON.writeValueAsString(snapshot) + "\n");
            return new Outcome(adapter, model, "synced", old == null ? "new snapshot" : "the model's inputs changed: review the diff");
        } catch (IOException | RuntimeException e) {
            return new Outcome(adapter, model, "failed", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(adapter, model, "failed", "interrupted");
        }
    }

    private ObjectNode replicate(String model, String key) throws IOException, InterruptedException {
        String base = env.getOrDefault("MEDIAGATE_SYNC_REPLICATE_URL", "https://api.replicate.com/v1");
        JsonNode found = get(base + "/models/" + model, "Bearer " + key);
        JsonNode openapi = found.path("latest_version").path("openapi_schema");
        JsonNode input = openapi.path("components").path("schemas").path("Input");
        if (!input.isObject()) {
            throw new IllegalStateException("Replicate's model has no Input schema in its latest version");
        }
        return resolved(input, openapi);
    }

    private ObjectNode fal(String model, String key) throws IOException, InterruptedException {
        String base = env.getOrDefault("MEDIAGATE_SYNC_FAL_URL", "https://api.fal.ai/v1");
        JsonNode found = get(base + "/models?endpoint_id=" + URLEncoder.encode(model, StandardCharsets.UTF_8) + "&expand=openapi-3.0", "Key " + key);
        JsonNode openapi = found.path("models").path(0).path("openapi");
        JsonNode body = null;
        for (Map.Entry<String, JsonNode> path : openapi.path("paths").properties()) {
            JsonNode schema = path.getValue().path("post").path("requestBody").path("content").path("application/json").path("schema");
            if (!schema.isMissingNode() && (body == null || path.getKey().equals("/" + model))) {
                body = schema;
            }
        }
        if (body == null) {
            throw new IllegalStateException("fal's OpenAPI document of the endpoint has no request body");
        }
        return resolved(body.has("$ref") ? ref(openapi, body.get("$ref").asText()) : body, openapi);
    }

    private JsonNode get(String url, String authorization) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Authorization", authorization).header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("answered " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }

    /** The object schema with every property's {@code $ref} / {@code allOf} resolved to the type, values and bounds it names. */
    private static ObjectNode resolved(JsonNode schema, JsonNode document) {
        ObjectNode out = JSON.createObjectNode();
        Map<String, JsonNode> properties = new TreeMap<>();
        schema.path("properties").properties().forEach(p -> properties.put(p.getKey(), property(p.getValue(), document)));
        out.set("required", schema.path("required").isArray() ? schema.get("required") : JSON.createArrayNode());
        ObjectNode props = out.putObject("properties");
        properties.forEach(props::set);
        return out;
    }

    private static JsonNode property(JsonNode p, JsonNode document) {
        ObjectNode merged = JSON.createObjectNode();
        List<JsonNode> parts = new ArrayList<>();
        parts.add(p);
        p.path("allOf").forEach(parts::add);
        for (JsonNode part : parts) {
            JsonNode at = part.has("$ref") ? ref(document, part.get("$ref").asText()) : part;
            for (String field : List.of("type", "enum", "default", "minimum", "maximum")) {
                if (at.has(field) && !merged.has(field)) {
                    merged.set(field, at.get(field));
                }
            }
        }
        if (p.has("default")) {
            merged.set("default", p.get("default"));
        }
        return merged;
    }

    private static JsonNode ref(JsonNode document, String ref) {
        if (!ref.startsWith("#/")) {
            throw new IllegalStateException("an external $ref: " + ref);
        }
        return document.at(ref.substring(1));
    }

    private static ObjectNode snapshot(String adapter, String model, ObjectNode input, JsonNode old) {
        ObjectNode snapshot = JSON.createObjectNode();
        snapshot.put("model", model);
        snapshot.put("source", adapter.equals("replicate")
                ? "https://replicate.com/" + model + "/api — Replicate's model API: the latest version's openapi_schema, components.schemas.Input"
                : "https://fal.ai/models/" + model + "/api — fal's model search, expand=openapi-3.0: the endpoint's request body schema");
        snapshot.put("syncedAt", LocalDate.now().toString());
        snapshot.set("required", input.get("required"));
        snapshot.set("bills", old != null && old.has("bills") ? old.get("bills") : JSON.createArrayNode());
        snapshot.set("properties", input.get("properties"));
        return snapshot;
    }
}
