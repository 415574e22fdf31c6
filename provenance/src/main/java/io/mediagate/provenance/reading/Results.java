package io.mediagate.provenance.reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The validation status codes a manifest's reading found, by kind, as C2PA reports them: code, URL, explanation; and
 * the readings of the manifests of its ingredients, which bound its state as they do a C2PA validator's.
 */
final class Results {
    private static final List<String> STATES = List.of("Trusted", "Valid", "Invalid");
    private static final String UNTRUSTED = "signingCredential.untrusted";
    private final List<Map<String, Object>> success = new ArrayList<>();
    private final List<Map<String, Object>> informational = new ArrayList<>();
    private final List<Map<String, Object>> failure = new ArrayList<>();
    private final List<Results> ingredients = new ArrayList<>();
    /** The state once judged: a manifest many ingredients share is judged once, not once per path to it. */
    private String state;

    void success(String code, String url, String explanation) {
        state = null;
        success.add(status(code, url, explanation));
    }

    void informational(String code, String url, String explanation) {
        informational.add(status(code, url, explanation));
    }

    void failure(String code, String url, String explanation) {
        state = null;
        failure.add(status(code, url, explanation));
    }

    void add(boolean passed, String code, String url, String explanation) {
        state = null;
        (passed ? success : failure).add(status(code, url, explanation));
    }

    /** The reading of an ingredient's manifest (its hard binding aside: its file is not at hand). */
    void ingredient(Results reading) {
        state = null;
        ingredients.add(reading);
    }

    /**
     * {@code Invalid} with any failure but an untrusted signer; {@code Valid} with that one; {@code Trusted} with none; and
     * no better than the state of any ingredient's manifest.
     */
    String state() {
        if (state == null) {
            state = judged();
        }
        return state;
    }

    /** Whether any failure was found (an untrusted signer's included). */
    boolean failed() {
        return !failure.isEmpty();
    }

    private String judged() {
        String own = failure.stream().anyMatch(f -> !UNTRUSTED.equals(f.get("code"))) ? "Invalid" : failure.isEmpty() ? "Trusted" : "Valid";
        for (Results ingredient : ingredients) {
            String theirs = ingredient.state();
            if (STATES.indexOf(theirs) > STATES.indexOf(own)) {
                own = theirs;
            }
        }
        return own;
    }

    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("success", List.copyOf(success));
        json.put("informational", List.copyOf(informational));
        json.put("failure", List.copyOf(failure));
        return json;
    }

    private static Map<String, Object> status(String code, String url, String explanation) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("code", code);
        status.put("url", url);
        status.put("explanation", explanation);
        return status;
    }
}
