package io.mediagate.catalog.models;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.health.ProviderHealthBoard;
import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.model.ModelId;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/models} (the seed's page, and OpenAI's list shape next to it: {@link ModelList}) and
 * {@code GET /v1/models/{id}} (id raw or URL-encoded, optional :version).
 */
@Path("/v1/models")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class ModelsResource {
    private final Catalog catalog;
    private final ProviderHealthBoard health;
    private final Retirements retirements;
    private final Clock clock;

    ModelsResource(Catalog catalog, ProviderHealthBoard health, Retirements retirements, Clock clock) {
        this.catalog = catalog;
        this.health = health;
        this.retirements = retirements;
        this.clock = clock;
    }

    @GET
    public ModelList list(@QueryParam("limit") String limit, @QueryParam("page") String page,
                                              @QueryParam("media") String media, @QueryParam("provider") String provider) {
        Page p = Page.parse(limit, page);
        if (media != null && !media.equals("image") && !media.equals("video")) {
            throw ApiException.invalid("media", "media must be image or video");
        }
        if (provider != null && catalog.provider(provider).isEmpty()) {
            throw new ApiException(ErrorCode.PROVIDER_NOT_FOUND, "unknown provider " + provider, "provider");
        }
        List<ModelSpec> matching = catalog.models().stream()
                .filter(m -> media == null || m.media().equals(media))
                .filter(m -> provider == null || m.offers().stream().anyMatch(o -> o.provider().equalsIgnoreCase(provider)))
                .toList();
        List<ModelView> models = matching.stream().skip(p.offset()).limit(p.limit()).map(this::view).toList();
        return new ModelList(true, Map.of("total", matching.size(), "models", models), "list",
                matching.stream().map(m -> ModelList.Entry.of(m.id(), m.createdAt())).toList());
    }

    @GET
    @Path("{id: .+}")
    public ModelAnswer get(@PathParam("id") String raw) {
        ModelId id = ModelId.tryParse(raw).orElseThrow(() -> new ApiException(ErrorCode.MODEL_NOT_FOUND,
                "unknown model " + raw));
        ModelSpec model = catalog.model(id.id()).orElseThrow(() -> new ApiException(ErrorCode.MODEL_NOT_FOUND,
                "unknown model " + id.id()));
        if (model.version(id.version()).isEmpty()) {
            throw new ApiException(ErrorCode.MODEL_NOT_FOUND, "unknown version " + id.version().get() + " of " + id.id());
        }
        return ModelAnswer.of(view(model), ModelList.Entry.of(model.id(), model.createdAt()));
    }

    private ModelView view(ModelSpec m) {
        return ModelView.of(m, pid -> catalog.provider(pid).orElseThrow(), p -> health.of(p).status(), retirements::of, clock.instant());
    }
}
