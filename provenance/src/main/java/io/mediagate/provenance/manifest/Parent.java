package io.mediagate.provenance.manifest;

import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.jumbf.Found;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A signed file that another is made from, as the made file's parent ingredient: its title and media type, and its
 * manifest store, whose manifests the made file's store carries along so that a verifier sees the parent's claims and
 * the new one. {@code passed} and {@code failed} are the validation status codes of the checks made of the parent when it
 * was read here ({@code claimSignature.validated}, {@code assertion.bmffHash.match}, ...; {@code ...mismatch}): what the
 * ingredient's validation results record.
 */
public record Parent(String title, String format, Store store, List<String> passed, List<String> failed) {
    public Parent {
        passed = List.copyOf(passed);
        failed = List.copyOf(failed);
    }

    /** The parent's manifests, in its store's order (the active one last), as they are written. */
    List<Box> carried() {
        return store.manifests().stream().map(Found::asBox).toList();
    }

    /** The value of the {@code c2pa.ingredient.v3} assertion naming this parent. */
    Map<String, Object> ingredient() {
        Found active = store.active();
        Found signature = active.child("c2pa.signature")
                .orElseThrow(() -> new IllegalArgumentException("the parent's active manifest has no signature"));
        String manifest = "self#jumbf=/c2pa/" + store.label();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("success", passed.stream().map(code -> Map.of("code", code, "url", manifest)).toList());
        status.put("informational", List.of());
        status.put("failure", failed.stream().map(code -> Map.of("code", code, "url", manifest)).toList());
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("relationship", "parentOf");
        value.put("dc:title", title);
        value.put("dc:format", format);
        value.put("validationResults", Map.of("activeManifest", status));
        value.put("activeManifest", Manifest.hashedUri(manifest, active.payload()));
        value.put("claimSignature", Manifest.hashedUri(manifest + "/c2pa.signature", signature.payload()));
        return value;
    }
}
