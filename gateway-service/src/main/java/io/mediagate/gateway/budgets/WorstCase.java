package io.mediagate.gateway.budgets;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferCharges;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most a request can cost: the highest price among the model's offers that could serve it (every offer whose
 * provider is not disabled, or only the explicit provider's), at the requested size (the model's default when none
 * is named), each the most that offer may charge ({@link OfferCharges#range}, as routing quotes it: its units, images
 * {@code n} or seconds rounded up to its clip lengths, what it bills per input image, and for a metered offer what it may
 * charge beyond its table). Models
 * are read from the catalog ({@link CatalogApi}, as routing reads them) and kept for
 * {@code mediagate.budgets.model-ttl}. A model or version the catalog does not know costs nothing here: routing
 * answers 404 for it. A request taking upgrades of a model with no offer left is priced at the replacement that serves it.
 */
@ApplicationScoped
public class WorstCase {
    /** The status catalog-service gives a provider an operator has turned off. */
    private static final String DISABLED = "disabled";
    /** Replacements followed at most, as routing follows them. */
    private static final int MAX_HOPS = 5;
    private final CatalogApi catalog;
    private final AsyncCache<String, Optional<ResolvedModel>> models;
    private final Clock clock;

    WorstCase(CatalogApi catalog, @ConfigProperty(name = "mediagate.budgets.model-ttl", defaultValue = "30s") Duration ttl, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
        this.models = Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(ttl).buildAsync();
    }

    public Uni<BigDecimal> of(GenerationRequest request) {
        Optional<ModelId> id = ModelId.tryParse(request.model());
        if (id.isEmpty()) {
            return Uni.createFrom().item(BigDecimal.ZERO);
        }
        return model(id.get().id()).flatMap(found -> {
            if (found.isPresent() && request.upgradesToReplacement() && retired(found.get())) {
                return replaced(found.get(), request, 1);
            }
            return Uni.createFrom().item(found
                    .filter(model -> id.get().version().isEmpty() || model.model().version(id.get().version()).isPresent())
                    .map(model -> price(model, request)).orElse(BigDecimal.ZERO));
        });
    }

    /**
     * The worst case at the replacement of a retired model a request takes upgrades of, as routing serves it (at its latest
     * version, followed on while it is retired too); nothing when there is none (routing answers 410).
     */
    private Uni<BigDecimal> replaced(ResolvedModel retiredModel, GenerationRequest request, int hops) {
        Lifecycle life = retiredModel.model().overallLifecycle();
        if (life == null || life.replacement() == null || hops > MAX_HOPS) {
            return Uni.createFrom().item(BigDecimal.ZERO);
        }
        return model(life.replacement()).flatMap(found -> found.isPresent() && retired(found.get())
                ? replaced(found.get(), request, hops + 1)
                : Uni.createFrom().item(found.map(model -> price(model, request)).orElse(BigDecimal.ZERO)));
    }

    /** Whether no offer of the model is left now: every one gone or shut down. */
    private boolean retired(ResolvedModel model) {
        Instant now = clock.instant();
        return RetiredModel.whollyRetired(model.model(), RetiredModel.retiredAt(model, now), now);
    }

    /**
     * Pure: the worst case of {@code request} among {@code resolved}'s offers, each the high of what it may charge
     * ({@link OfferCharges#range}: routing's quote of the same offer), a video at its requested or default duration.
     */
    static BigDecimal price(ResolvedModel resolved, GenerationRequest request) {
        ModelSpec model = resolved.model();
        Size at = Planning.size(model, request.size(), request.framing()).orElse(null);
        int inputs = request.sources() == null || request.sources().images() == null ? 0 : request.sources().images().size();
        ImageOptions.Quality quality = request.options().quality();
        String asked = quality == null || quality == ImageOptions.Quality.AUTO ? null : quality.wire();
        Double seconds = request.kind() == MediaKind.VIDEO ? Planning.seconds(model, request.duration()) : null;
        long promptBytes = request.prompt() == null ? 0 : request.prompt().getBytes(StandardCharsets.UTF_8).length;
        OfferCharges.Ask ask = new OfferCharges.Ask(at, asked, seconds, Math.max(1, request.n()), inputs, promptBytes);
        BigDecimal worst = BigDecimal.ZERO;
        for (OfferSpec offer : model.offers()) {
            HealthSnapshot health = resolved.health().get(offer.provider());
            if (health != null && DISABLED.equals(health.status())
                    || request.provider() != null && !offer.provider().equalsIgnoreCase(request.provider())) {
                continue;
            }
            worst = worst.max(OfferCharges.range(offer, ask).high());
        }
        return worst;
    }

    /**
     * The model as the catalog resolves it, kept for {@code mediagate.budgets.model-ttl} (also what the lifecycle headers of
     * an answer are read from); empty for a model the catalog does not know.
     */
    public Uni<Optional<ResolvedModel>> resolved(String id) {
        return model(id);
    }

    private Uni<Optional<ResolvedModel>> model(String id) {
        return Uni.createFrom().completionStage(() -> models.get(id, (key, executor) -> catalog.resolve(key)
                .thenApply(Optional::of)
                .exceptionally(failure -> {
                    if (notFound(failure)) {
                        return Optional.empty();
                    }
                    throw failure instanceof CompletionException c ? c : new CompletionException(failure);
                })));
    }

    private static boolean notFound(Throwable failure) {
        return InternalHttp.cause(failure) instanceof ApiException api && api.code().status() == 404;
    }
}
