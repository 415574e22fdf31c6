package io.mediagate.gateway.videos;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.events.GenerationRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Checks a video creation against its model in the catalog before it is submitted: the OpenAI face is always
 * asynchronous, so what routing would refuse later (an image model, a size or length the model does not
 * make) must be a 400 now, named by this face's fields. Answers the model as the catalog declares it.
 */
@ApplicationScoped
class VideoModels {
    /** The longest video this face asks for, whatever a model allows. */
    private static final double LONGEST = 30;
    private final CatalogApi catalog;

    VideoModels(CatalogApi catalog) {
        this.catalog = catalog;
    }

    Uni<ModelSpec> check(GenerationRequest request) {
        int colon = request.model().indexOf(':');
        String id = colon < 0 ? request.model() : request.model().substring(0, colon);
        return Uni.createFrom().completionStage(() -> catalog.resolve(id)).map(resolved -> {
            ModelSpec model = resolved.model();
            if (!"video".equals(model.media())) {
                throw ApiException.invalid("model", id + " makes images; use POST /v1/images/generations");
            }
            if (request.size() != null && model.sizes() != null && !model.sizes().contains(request.size())) {
                throw ApiException.invalid("size", "size " + request.size() + " is not offered by " + id + "; use one of " + model.sizes());
            }
            DurationSpec bounds = model.durations();
            if (request.duration() != null && bounds != null) {
                double max = Math.min(LONGEST, bounds.max());
                if (request.duration() < bounds.min() || request.duration() > max) {
                    throw ApiException.invalid("seconds", "seconds must be between " + VideoObject.secondsText(bounds.min()) + " and "
                            + VideoObject.secondsText(max) + " for " + id);
                }
            }
            return model;
        });
    }
}
