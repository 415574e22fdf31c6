package io.mediagate.gateway.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaKind;
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
    /** OpenAI client fields that carry no meaning here and are dropped rather than treated as extras. */
    private static final Set<String> IGNORED = Set.of("user", "stream", "partial_images");
    private static final Set<String> KNOWN = Set.of("model", "prompt", "size", "n", "provider", "routing", "public",
            "response_format", "user", "stream", "partial_images");

    private ImageRequestParser() {
    }

    static GenerationRequest parse(ObjectMapper json, String body, Caller caller, String jobId, String requestId,
                                   Instant acceptedAt) {
        JsonBody in = JsonBody.parse(json, body);
        String model = RequestFields.model(in);
        String prompt = RequestFields.prompt(in, MAX_PROMPT);
        String size = in.string("size").map(ImageRequestParser::checkSize).orElse(null);
        int n = in.integer("n").orElse(1);
        if (n < 1 || n > 10) {
            throw ApiException.invalid("n", "n must be between 1 and 10");
        }
        String provider = RequestFields.provider(in);
        String routing = RequestFields.routing(in);
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
                provider, routing, prompt, size, n, null, null, null, null, null, isPublic, format, extras, acceptedAt);
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
