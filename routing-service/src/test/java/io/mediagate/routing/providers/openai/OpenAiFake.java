package io.mediagate.routing.providers.openai;

import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.testing.TestImages;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenAI's images answers, shared by its generations and edits fakes (both endpoints answer alike): base64
 * results with the echoed quality/background/output_format, {@code {"error": {message, type, param, code}}}
 * errors with {@code moderation_blocked} and Retry-After on 429.
 */
final class OpenAiFake {
    private OpenAiFake() {
    }

    static Reply error(int status, String message, String type, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return Reply.json(status, Map.of("error", error));
    }

    /** The model a request names: the JSON body's, or the edit form's field. */
    private static String model(FakeUpstream.Recorded request) {
        String type = request.header("Content-Type");
        if (type != null && type.startsWith("multipart/")) {
            return FormParts.parse(type, request.body()).text("model", "");
        }
        try {
            return request.json().path("model").asText("");
        } catch (RuntimeException e) {
            return "";
        }
    }

    static Reply answer(FakeUpstream.Recorded request, String secret, String prompt, String format, int n, String size,
                        String quality, String background) throws InterruptedException {
        if (!("Bearer " + secret).equals(request.header("Authorization"))) {
            return error(401, "Incorrect API key provided: wr***ey.", "invalid_request_error", "invalid_api_key");
        }
        String model = model(request);
        if (io.mediagate.testing.OpenAiModels.shutDown(model)) {
            return error(404, io.mediagate.testing.OpenAiModels.goneMessage(model), "invalid_request_error", "model_not_found");
        }
        return switch (Scenario.of(prompt)) {
            case RATE_LIMITED -> error(429, "Rate limit reached for images per minute.", "requests", "rate_limit_exceeded")
                    .with("retry-after", "2");
            case SERVER_ERROR -> error(500, "The server had an error while processing your request.", "server_error", null);
            case INVALID_INPUT -> error(400, "Invalid value: '999x999'. Supported values are: '1024x1024', '1024x1536', "
                    + "'1536x1024', and 'auto'.", "invalid_request_error", "invalid_value");
            case MODERATED -> error(400, "Your request was rejected as a result of our safety system.", "image_generation_user_error",
                    "moderation_blocked");
            case MALFORMED -> Reply.json(200, Map.of("created", 1767225600, "data", List.of(Map.of())));
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> {
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    byte[] image = "jpeg".equals(format) ? TestImages.jpeg(8, 8) : TestImages.png(8, 8);
                    data.add(Map.of("b64_json", Base64.getEncoder().encodeToString(image)));
                }
                Map<String, Object> answer = new LinkedHashMap<>();
                answer.put("created", 1767225600);
                answer.put("data", data);
                answer.put("background", background);
                answer.put("output_format", format);
                answer.put("quality", quality);
                answer.put("size", size);
                answer.put("usage", Map.of("input_tokens", 50, "input_tokens_details", Map.of("image_tokens", 0, "text_tokens", 50),
                        "output_tokens", 4160, "total_tokens", 4210));
                yield Reply.json(200, answer).with("x-request-id", "req_123");
            }
        };
    }
}
