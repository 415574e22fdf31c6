package io.mediagate.gateway.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaKind;
import io.mediagate.common.model.ModelId;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates the body of {@code POST /v1/images/generations} as far as it can be checked without the
 * catalog (model, size and extras against the model are checked by routing).
 */
final class ImageRequestParser {
    static final int MAX_PROMPT = 1000;
    static final int MAX_SIDE = 4096;
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,5})x([0-9]{1,5})");
    private static final Pattern PROVIDER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");
    private static final Set<String> ROUTING = Set.of("optimal", "cheapest", "compatible");
    /** OpenAI client fields that carry no meaning here and are dropped rather than treated as extras. */
    private static final Set<String> IGNORED = Set.of("user", "stream", "partial_images");
    private static final Set<String> KNOWN = Set.of("model", "prompt", "size", "n", "provider", "routing", "public",
            "response_format", "user", "stream", "partial_images");

    private ImageRequestParser() {
    }

    static GenerationRequest parse(ObjectMapper json, String body, Caller caller, String jobId, String requestId,
                                   Instant acceptedAt) {
        JsonBody in = JsonBody.parse(json, body);
        String model = in.requiredString("model");
        ModelId.parse(model, "model");
        String prompt = in.requiredString("prompt");
        if (prompt.isBlank()) {
            throw ApiException.invalid("prompt", "prompt must not be empty");
        }
        if (prompt.codePointCount(0, prompt.length()) > MAX_PROMPT) {
            throw ApiException.invalid("prompt", "prompt exceeds " + MAX_PROMPT + " characters");
        }
        String size = in.string("size").map(ImageRequestParser::checkSize).orElse(null);
        int n = in.integer("n").orElse(1);
        if (n < 1 || n > 10) {
            throw ApiException.invalid("n", "n must be between 1 and 10");
        }
        String provider = in.string("provider").map(p -> {
            if (!PROVIDER.matcher(p).matches()) {
                throw ApiException.invalid("provider", "provider must be a provider id or slug");
            }
            return p;
        }).orElse(null);
        String routing = in.string("routing").map(r -> {
            if (!ROUTING.contains(r)) {
                throw ApiException.invalid("routing", "routing must be optimal, cheapest or compatible");
            }
            return r;
        }).orElse("optimal");
        boolean isPublic = in.bool("public").orElse(true);
        String format = in.string("response_format").orElse("url");
        if (!format.equals("url")) {
            throw ApiException.invalid("response_format", format.equals("b64_json")
                    ? "response_format b64_json is not offered yet; use url and download the file"
                    : "response_format must be url");
        }
        Map<String, Object> extras = in.rest(json, KNOWN);
        IGNORED.forEach(extras::remove);
        return new GenerationRequest(jobId, requestId, caller.accountId(), caller.tier(), MediaKind.IMAGE, model,
                provider, routing, prompt, size, n, null, null, isPublic, format, extras, acceptedAt);
    }

    private static String checkSize(String size) {
        Matcher m = SIZE.matcher(size);
        if (!m.matches()) {
            throw ApiException.invalid("size", "size must look like 1024x1024");
        }
        int w = Integer.parseInt(m.group(1));
        int h = Integer.parseInt(m.group(2));
        if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
            throw ApiException.invalid("size", "each side of size must be between 1 and " + MAX_SIDE);
        }
        return w + "x" + h;
    }
}
