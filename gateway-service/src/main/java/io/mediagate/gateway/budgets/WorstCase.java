package io.mediagate.gateway.budgets;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.values.Size;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most a request can cost: the highest price among the model's offers that could serve it (every offer whose
 * provider is not disabled, or only the explicit provider's), at the requested size (the model's default when none
 * is named), times its units (images: {@code n}; seconds: the requested or the model's default duration, rounded up
 * to the offer's clip lengths as its provider bills it, {@link OfferSpec#secondsFor}), plus what the provider bills per
 * input image; a metered offer (tokens, megapixels) also what it may charge beyond its table ({@link #metered}). Models
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

    /** Pure: the worst case of {@code request} among {@code resolved}'s offers. */
    static BigDecimal price(ResolvedModel resolved, GenerationRequest request) {
        ModelSpec model = resolved.model();
        Size at = Planning.size(model, request.size(), request.framing()).orElse(null);
        String size = at == null ? null : at.label();
        int inputs = request.sources() == null || request.sources().images() == null ? 0 : request.sources().images().size();
        BigDecimal worst = BigDecimal.ZERO;
        for (OfferSpec offer : model.offers()) {
            HealthSnapshot health = resolved.health().get(offer.provider());
            if (health != null && DISABLED.equals(health.status())
                    || request.provider() != null && !offer.provider().equalsIgnoreCase(request.provider())) {
                continue;
            }
            BigDecimal units = BigDecimal.valueOf(offer.unit() == OfferUnit.SECOND ? offer.secondsFor(Planning.seconds(model, request.duration()))
                    : Math.max(1, request.n()));
            BigDecimal each = unitPrice(offer, size, request.options());
            worst = worst.max(each.multiply(units).add(offer.inputImagePrice().multiply(BigDecimal.valueOf(inputs)))
                    .add(metered(offer, at, request, each, inputs)));
        }
        return worst;
    }

    /**
     * What a metered offer may charge beyond its table price for the images made: a token-billed offer the prompt's text
     * (at most one token per byte) and each input image as an image made at the dearest quality (OpenAI counts an input
     * image's tokens from its size, much as a made one's); a megapixel-billed offer each image's megapixels at its rates,
     * each input image counted as one of the requested size, where that is dearer than its table.
     */
    private static BigDecimal metered(OfferSpec offer, Size size, GenerationRequest request, BigDecimal each, int inputs) {
        if (offer.tokens() != null) {
            long promptBytes = request.prompt() == null ? 0 : request.prompt().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            BigDecimal text = offer.tokens().cost(new io.mediagate.common.catalog.TokenUsage(promptBytes, 0, 0, 0));
            return text.add(offer.dearestAt(size == null ? null : size.label()).multiply(BigDecimal.valueOf(inputs)));
        }
        if (offer.megapixels() != null && size != null && size.video().isEmpty()) {
            BigDecimal perImage = offer.megapixels().cost(size.width(), size.height(), inputs * size.pixels());
            return perImage.subtract(each).max(BigDecimal.ZERO).multiply(BigDecimal.valueOf(Math.max(1, request.n())));
        }
        return BigDecimal.ZERO;
    }

    /**
     * An offer's price per unit for the request: at the quality asked, or, where the quality is left to the provider, the
     * dearest it may choose (it is charged at the one it reports making).
     */
    private static BigDecimal unitPrice(OfferSpec offer, String size, ImageOptions options) {
        ImageOptions.Quality quality = options.quality();
        return quality == null || quality == ImageOptions.Quality.AUTO ? offer.dearestAt(size) : offer.priceAt(size, quality.wire());
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
