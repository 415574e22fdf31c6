package io.mediagate.routing.reuse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.providers.SourceImage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What makes two image requests the same result, for reuse: the model version that serves it, the prompt, the size made, the
 * count, the image options, the model's parameters (the seed among them), an explicit provider, and the pictures it starts from
 * by the SHA-256 of their bytes (an edit's, a variation's, a utility's, a generation's references), with its mask. Its response
 * format and visibility are not terms: the stored bytes are the same. Null for a request that names no seed: without one no
 * result is the same twice.
 */
public final class ReuseTerms {
    /** The model parameter a request names its seed in. */
    public static final String SEED = "seed";
    private static final ObjectMapper CANONICAL = JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    private ReuseTerms() {
    }

    public static String of(GenerationRequest request, Plan plan, List<SourceImage> pictures, SourceImage mask) {
        Map<String, Object> extras = request.extras() == null ? Map.of() : request.extras();
        if (extras.get(SEED) == null) {
            return null;
        }
        Map<String, Object> terms = new LinkedHashMap<>();
        terms.put("model", plan.modelSlug());
        terms.put("prompt", request.prompt());
        terms.put("size", plan.size().label());
        terms.put("n", request.n());
        terms.put("options", new TreeMap<>(request.options().asked()));
        terms.put("extras", new TreeMap<>(extras));
        terms.put("provider", request.provider());
        terms.put("operation", request.sources() == null ? null : request.sources().operation());
        terms.put("pictures", pictures.stream().map(p -> sha256(p.bytes())).toList());
        terms.put("mask", mask == null ? null : sha256(mask.bytes()));
        try {
            return sha256(CANONICAL.writeValueAsString(terms).getBytes(StandardCharsets.UTF_8));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
