package io.mediagate.gateway.videos;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.values.MediaKind;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/**
 * Checks a video creation against its model in the catalog before it is submitted: the OpenAI face is always
 * asynchronous, so what routing would refuse later (an image model, a size or length the model does not
 * make) must be a 400 now, named by this face's fields, and a retired model a 410. Answers the model that serves the
 * request as the catalog declares it (a retired model's replacement, for a request taking upgrades).
 */
@ApplicationScoped
class VideoModels {
    /** The longest video this face asks for, whatever a model allows. */
    /** Replacements followed at most, as routing follows them. */
    private static final int MAX_HOPS = 5;
    private final CatalogApi catalog;
    private final Clock clock;

    VideoModels(CatalogApi catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    Uni<ModelSpec> check(GenerationRequest request) {
        int colon = request.model().indexOf(':');
        String named = colon < 0 ? request.model() : request.model().substring(0, colon);
        return Uni.createFrom().completionStage(() -> catalog.resolve(named)).flatMap(resolved -> serving(resolved, request, 0)).map(resolved -> {
            ModelSpec model = resolved.model();
            String id = model.id();
            if (model.kind() != MediaKind.VIDEO) {
                throw ApiException.invalid("model", id + " makes images; use POST /v1/images/generations");
            }
            if (request.size() != null && model.sizes() != null && !Planning.offers(model, request.size())) {
                throw ApiException.invalid("size", "size " + request.size() + " is not offered by " + id + "; use one of " + model.sizes());
            }
            if (request.duration() != null) {
                Planning.clip(model).checked(request.duration(), id, "seconds");
            }
            try {
                Planning.size(model, request.size(), request.framing());
            } catch (ApiException e) { // this face's size carries the shape
                throw "aspect_ratio".equals(e.param()) || "resolution".equals(e.param()) ? ApiException.invalid("size", e.getMessage()) : e;
            }
            return model;
        });
    }

    /**
     * The model that serves the request: the one named, or, when none of its offers is left, its replacement for a request
     * taking upgrades (followed on as routing does); otherwise 410 {@code model_retired}, now rather than as a failed job.
     */
    private Uni<ResolvedModel> serving(ResolvedModel resolved, GenerationRequest request, int hops) {
        Instant now = clock.instant();
        Map<String, Retirement> retired = RetiredModel.retiredAt(resolved, now);
        if (!RetiredModel.whollyRetired(resolved.model(), retired, now)) {
            return Uni.createFrom().item(resolved);
        }
        Lifecycle life = resolved.model().overallLifecycle();
        if (!request.upgradesToReplacement() || life == null || life.replacement() == null || hops >= MAX_HOPS) {
            throw RetiredModel.error(resolved.model(), now, retired.values());
        }
        return Uni.createFrom().completionStage(() -> catalog.resolve(life.replacement())).flatMap(next -> serving(next, request, hops + 1));
    }
}
