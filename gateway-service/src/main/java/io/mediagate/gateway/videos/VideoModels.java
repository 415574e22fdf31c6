package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.OwnerClient;
import io.mediagate.gateway.forward.Owners;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Checks a video creation against its model in the catalog before it is submitted: the OpenAI face is always
 * asynchronous, so what routing would refuse later (an image model, a size or length the model does not
 * make) must be a 400 now, named by this face's fields. Answers the model as the catalog shows it.
 */
@ApplicationScoped
class VideoModels {
    private final OwnerClient owner;
    private final Owners owners;

    VideoModels(OwnerClient owner, Owners owners) {
        this.owner = owner;
        this.owners = owners;
    }

    Uni<JsonNode> check(GenerationRequest request, Caller caller) {
        int colon = request.model().indexOf(':');
        String id = colon < 0 ? request.model() : request.model().substring(0, colon);
        return owner.get(owners.catalog() + "/v1/models/" + URLEncoder.encode(id, StandardCharsets.UTF_8), caller).map(found -> {
            JsonNode model = found.path("result").path("model");
            if (!"video".equals(model.path("media").asText())) {
                throw ApiException.invalid("model", id + " makes images; use POST /v1/images/generations");
            }
            if (request.size() != null && !contains(model.path("sizes"), request.size())) {
                throw ApiException.invalid("size", "size " + request.size() + " is not offered by " + id + "; use one of " + model.path("sizes"));
            }
            JsonNode bounds = model.path("durations");
            if (request.duration() != null && bounds.isObject()) {
                double min = bounds.path("min").asDouble(1);
                double max = Math.min(30, bounds.path("max").asDouble(30));
                if (request.duration() < min || request.duration() > max) {
                    throw ApiException.invalid("seconds", "seconds must be between " + VideoObject.secondsText(min) + " and "
                            + VideoObject.secondsText(max) + " for " + id);
                }
            }
            return model;
        });
    }

    private static boolean contains(JsonNode list, String value) {
        for (JsonNode v : list) {
            if (v.asText().equals(value)) {
                return true;
            }
        }
        return false;
    }
}
