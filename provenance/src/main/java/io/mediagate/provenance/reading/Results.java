package io.mediagate.provenance.reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The validation status codes a manifest's reading found, by kind, as C2PA reports them: code, URL, explanation. */
final class Results {
    private static final String UNTRUSTED = "signingCredential.untrusted";
    private final List<Map<String, Object>> success = new ArrayList<>();
    private final List<Map<String, Object>> informational = new ArrayList<>();
    private final List<Map<String, Object>> failure = new ArrayList<>();

    void success(String code, String url, String explanation) {
        success.add(status(code, url, explanation));
    }

    void informational(String code, String url, String explanation) {
        informational.add(status(code, url, explanation));
    }

    void failure(String code, String url, String explanation) {
        failure.add(status(code, url, explanation));
    }

    void add(boolean passed, String code, String url, String explanation) {
        (passed ? success : failure).add(status(code, url, explanation));
    }

    /** {@code Invalid} with any failure but an untrusted signer; {@code Valid} with that one; {@code Trusted} with none. */
    String state() {
        if (failure.stream().anyMatch(f -> !UNTRUSTED.equals(f.get("code")))) {
            return "Invalid";
        }
        return failure.isEmpty() ? "Trusted" : "Valid";
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
