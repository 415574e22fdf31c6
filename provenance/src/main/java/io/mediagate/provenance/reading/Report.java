package io.mediagate.provenance.reading;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.provenance.manifest.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A file's Content Credentials as read and validated ({@link Verifier}): whether it carries any, the active manifest's
 * label, every manifest of the store (claim generator, signer, assertions, ingredients), the active manifest's
 * validation results and the validation state ({@code Trusted}, {@code Valid}: signed but by no trusted signer,
 * {@code Invalid}). {@link #json} is the whole reading, {@link #summary} what a media item shows of it; {@code store} the
 * manifest store as read, when it could be (what a file made from this one carries along).
 */
public record Report(boolean signed, Optional<Store> store, String activeManifest, Map<String, Object> manifests,
                     Map<String, Object> validationResults, String state) {
    /** The reading of a file that carries no Content Credentials. */
    public static final Report UNSIGNED = new Report(false, Optional.empty(), null, Map.of(), Map.of(), null);

    /** What a media item shows: signed or not, state, signer, claim generator, actions, digital source type, ingredients. */
    public record Summary(boolean signed, String state, String signer, String generator, List<String> actions,
                          String digitalSourceType, List<IngredientSummary> ingredients) {}

    /** An ingredient as a media item shows it. */
    public record IngredientSummary(String title, String format, String relationship) {}

    /** The codes of the active manifest's validation results of one kind: {@code success}, {@code informational}, {@code failure}. */
    @SuppressWarnings("unchecked")
    public List<String> codes(String kind) {
        return ((List<Map<String, Object>>) validationResults.getOrDefault(kind, List.of())).stream()
                .map(status -> (String) status.get("code")).toList();
    }

    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("signed", signed);
        if (signed) {
            json.put("active_manifest", activeManifest);
            json.put("manifests", manifests);
            json.put("validation_results", Map.of("activeManifest", validationResults));
            json.put("validation_state", state);
        }
        return json;
    }

    @SuppressWarnings("unchecked")
    public Summary summary() {
        if (!signed) {
            return new Summary(false, null, null, null, List.of(), null, List.of());
        }
        Map<String, Object> active = (Map<String, Object>) manifests.getOrDefault(activeManifest, Map.of());
        Map<String, Object> signature = (Map<String, Object>) active.getOrDefault("signature_info", Map.of());
        List<String> actions = new ArrayList<>();
        String sourceType = null;
        for (Map<String, Object> assertion : (List<Map<String, Object>>) active.getOrDefault("assertions", List.of())) {
            if (String.valueOf(assertion.get("label")).startsWith("c2pa.actions") && assertion.get("data") instanceof JsonNode data) {
                for (JsonNode action : data.path("actions")) {
                    actions.add(action.path("action").asText());
                    if (sourceType == null && action.has("digitalSourceType")) {
                        sourceType = action.path("digitalSourceType").asText();
                    }
                }
            }
        }
        List<IngredientSummary> ingredients = ((List<Map<String, Object>>) active.getOrDefault("ingredients", List.of())).stream()
                .map(i -> new IngredientSummary((String) i.get("title"), (String) i.get("format"), (String) i.get("relationship"))).toList();
        return new Summary(true, state, (String) signature.get("subject"), generator(active.get("claim_generator_info")), actions,
                sourceType, ingredients);
    }

    /** The claim generator as {@code name version} (the first, where a claim lists several). */
    private static String generator(Object info) {
        if (!(info instanceof JsonNode node)) {
            return null;
        }
        JsonNode first = node.isArray() ? node.path(0) : node;
        String name = first.path("name").asText(null);
        String version = first.path("version").asText(null);
        return name == null ? null : version == null ? name : name + " " + version;
    }
}
