package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.values.Size;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON body of a utility operation on a picture ({@code POST /v1/images/upscale}, {@code /v1/images/remove-background}):
 * {@code image_url} (an https URL or one of the caller's media ids), {@code model} (optional: the operation's default
 * model), {@code provider}, {@code routing}, {@code public}, {@code response_format}, and for an upscale {@code scale} (2 or 4)
 * or a target {@code size}. A request of the picture's one source, made by the model's operation.
 */
public final class UtilityRequests {
    private static final Set<String> KNOWN = Set.of("model", "image_url", "provider", "routing", "public", "response_format", "scale",
            "size", RetiredModel.UPGRADES, RequestFields.QUOTE_ID);

    private UtilityRequests() {
    }

    public static GenerationRequest parse(ObjectMapper json, JsonBody in, String operation, String defaultModel, Caller caller, String jobId,
                                   String requestId, Instant acceptedAt) {
        RequestFields.noReuse(in, "utilities");
        String model = in.string("model").map(m -> RequestFields.model(in)).orElse(defaultModel);
        String image = RequestFields.urlOrMedia(in, "image_url")
                .orElseThrow(() -> ApiException.invalid("image_url", "image_url is required: an https URL or one of your media ids (med_…)"));
        Map<String, Object> extras = new LinkedHashMap<>(in.rest(json, KNOWN));
        Size size = null;
        if (operation.equals(ImageSources.UPSCALE)) {
            if (in.node().has("scale") && in.node().has("size")) {
                throw ApiException.invalid("scale", "give scale or size, not both");
            }
            in.integer("scale").ifPresent(scale -> {
                if (scale != 2 && scale != 4) {
                    throw ApiException.invalid("scale", "scale must be 2 or 4");
                }
                extras.put("scale", scale);
            });
            size = in.string("size").map(ImageRequests::checkSize).orElse(null);
        } else {
            for (String field : List.of("scale", "size")) {
                if (in.node().has(field)) {
                    throw ApiException.invalid(field, field + " applies to an upscale; a background removal keeps the picture's size");
                }
            }
        }
        var origin = new GenerationRequest.Origin(jobId, requestId, caller.accountId(), caller.tier(), caller.keyId(), acceptedAt);
        var ask = new GenerationRequest.Ask(model, RequestFields.provider(in), RequestFields.routing(in), null, size,
                in.bool("public").orElse(true), extras);
        return GenerationRequest.image(origin, ask, 1, ImageRequests.responseFormat(in.string("response_format").orElse(null)),
                new ImageSources(operation, List.of(image), null), null).withModelUpgrades(RequestFields.modelUpgrades(in, caller))
                .quoted(RequestFields.quoteId(in));
    }
}
