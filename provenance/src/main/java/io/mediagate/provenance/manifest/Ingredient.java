package io.mediagate.provenance.manifest;

import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.jumbf.Found;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A file that another is made from, as the made file's ingredient ({@code c2pa.ingredient.v3}): its title, media type
 * and relationship ({@code parentOf}: the file opened and changed; {@code inputTo}: a further input of a model, as an
 * edit's other images and mask). When it carries Content Credentials, its manifest store, whose manifests the made
 * file's store carries along so that a verifier sees its claims and the new one; {@code passed} and {@code failed} are
 * then the validation status codes of its reading here ({@code claimSignature.validated},
 * {@code assertion.dataHash.match}, ...; {@code ...mismatch}): what the ingredient's validation results record.
 */
public record Ingredient(String title, String format, String relationship, Optional<Store> store, List<String> passed,
                         List<String> failed) {
    public static final String PARENT_OF = "parentOf";
    public static final String INPUT_TO = "inputTo";

    public Ingredient {
        passed = List.copyOf(passed);
        failed = List.copyOf(failed);
    }

    /** An ingredient without Content Credentials of its own. */
    public static Ingredient unsigned(String title, String format, String relationship) {
        return new Ingredient(title, format, relationship, Optional.empty(), List.of(), List.of());
    }

    /** The same ingredient under another title. */
    public Ingredient titled(String otherTitle) {
        return new Ingredient(otherTitle, format, relationship, store, passed, failed);
    }

    /** The same ingredient in another relationship. */
    public Ingredient as(String otherRelationship) {
        return new Ingredient(title, format, otherRelationship, store, passed, failed);
    }

    /** Its manifests, in its store's order (the active one last), as they are written; none when it carries none. */
    List<Box> carried() {
        return store.map(s -> s.manifests().stream().map(Found::asBox).toList()).orElse(List.of());
    }

    /** The value of the {@code c2pa.ingredient.v3} assertion naming it. */
    Map<String, Object> assertion() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("relationship", relationship);
        value.put("dc:title", title);
        value.put("dc:format", format);
        if (store.isEmpty()) {
            return value;
        }
        Found active = store.get().active();
        Found signature = active.child("c2pa.signature")
                .orElseThrow(() -> new IllegalArgumentException("the ingredient's active manifest has no signature"));
        String manifest = "self#jumbf=/c2pa/" + store.get().label();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("success", passed.stream().map(code -> Map.of("code", code, "url", manifest)).toList());
        status.put("informational", List.of());
        status.put("failure", failed.stream().map(code -> Map.of("code", code, "url", manifest)).toList());
        value.put("validationResults", Map.of("activeManifest", status));
        value.put("activeManifest", Manifest.hashedUri(manifest, active.payload()));
        value.put("claimSignature", Manifest.hashedUri(manifest + "/c2pa.signature", signature.payload()));
        return value;
    }
}
