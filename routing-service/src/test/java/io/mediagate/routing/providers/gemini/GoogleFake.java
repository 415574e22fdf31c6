package io.mediagate.routing.providers.gemini;

import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Gemini API's answers that every Google fake gives alike: its error JSON and its refusal of a wrong key. */
public final class GoogleFake {
    private GoogleFake() {
    }

    public static Reply error(int code, String status, String message, List<Map<String, Object>> details) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        error.put("status", status);
        if (!details.isEmpty()) {
            error.put("details", details);
        }
        return Reply.json(code, Map.of("error", error));
    }

    /** Google's answer to a request without {@code secret} in {@code x-goog-api-key}, or null when it has it. */
    public static Reply badKey(FakeUpstream.Recorded request, String secret) {
        return secret.equals(request.header("x-goog-api-key")) ? null : error(400, "INVALID_ARGUMENT",
                "API key not valid. Please pass a valid API key.", List.of(Map.of("@type", "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason", "API_KEY_INVALID", "domain", "googleapis.com")));
    }

    /** A 429 with its wait as {@code google.rpc.RetryInfo}, as the Gemini API sends it. */
    public static Reply quota() {
        return error(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota.",
                List.of(Map.of("@type", "type.googleapis.com/google.rpc.RetryInfo", "retryDelay", "23s")));
    }
}
