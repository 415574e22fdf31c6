package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.common.media.StoreMedia;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.tier.Tier;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.Adapters;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Runs one image generation: resolve model and version, rank the offers, call providers in order
 * (falling back on retryable failures), store the results through media-service, and account for it.
 */
@ApplicationScoped
public class ImageGeneration {
    private static final Logger LOG = Logger.getLogger(ImageGeneration.class);
    private final CatalogClient catalog;
    private final Adapters adapters;
    private final MediaClient media;
    private final Clock clock;

    ImageGeneration(CatalogClient catalog, Adapters adapters, MediaClient media, Clock clock) {
        this.catalog = catalog;
        this.adapters = adapters;
        this.media = media;
        this.clock = clock;
    }

    public GenerationReply run(GenerationRequest request) {
        ModelId id = ModelId.parse(request.model(), "model");
        ResolvedModel resolved = catalog.resolve(id.id());
        ModelSpec model = resolved.model();
        if (!"image".equals(model.media())) {
            throw ApiException.invalid("model", model.id() + " makes videos; use POST /v1/videos/generations");
        }
        VersionSpec version = model.version(id.version()).orElseThrow(() -> new ApiException(ErrorCode.MODEL_NOT_FOUND,
                "unknown version " + id.version().orElse("") + " of " + model.id(), "model"));
        String size = request.size() == null ? model.defaultSize() : request.size();
        if (!model.sizes().contains(size)) {
            throw ApiException.invalid("size", "size " + size + " is not offered by " + model.id() + "; use one of " + model.sizes());
        }
        List<Offer> ranked = OfferRanking.rank(resolved, version.version(), request.provider(),
                offer -> adapters.images(offer.provider().adapter()).isPresent());
        String[] wh = size.split("x");
        ImageTask task = new ImageTask(null, version.version(), request.prompt(), Integer.parseInt(wh[0]),
                Integer.parseInt(wh[1]), request.n(), request.extras() == null ? Map.of() : request.extras());

        List<Stats.Attempt> attempts = new ArrayList<>();
        long firstCall = clock.millis();
        ProviderException last = null;
        for (Offer offer : ranked) {
            long start = clock.millis();
            try {
                ImageTask forOffer = new ImageTask(offer.spec().upstreamModel(), task.version(), task.prompt(),
                        task.width(), task.height(), task.n(), task.params());
                List<GeneratedImage> images = adapters.images(offer.provider().adapter()).orElseThrow().generate(forOffer);
                long generationTime = clock.millis() - start;
                attempts.add(new Stats.Attempt(offer.provider().id(), "success", null, generationTime));
                long storeStart = clock.millis();
                List<MediaItem> items = store(request, model, version, offer, size, images);
                Stats stats = new Stats(Math.max(0, firstCall - request.acceptedAt().toEpochMilli()),
                        clock.millis() - storeStart, generationTime, attempts.size() - 1, offer.provider().id(),
                        attempts, routingStats(request, ranked), List.of());
                BigDecimal price = offer.price().multiply(BigDecimal.valueOf(items.size()));
                return GenerationReply.ok(request.jobId(), items, price, stats);
            } catch (ProviderException e) {
                long ms = clock.millis() - start;
                attempts.add(new Stats.Attempt(offer.provider().id(), "failure", e.code().code(), ms));
                LOG.infof("job %s: provider %s failed (%s, retryable=%s)", request.jobId(), offer.provider().id(),
                        e.code().code(), e.retryable());
                last = e;
                if (!e.retryable()) {
                    break;
                }
            }
        }
        throw failure(last, attempts);
    }

    private List<MediaItem> store(GenerationRequest request, ModelSpec model, VersionSpec version, Offer offer,
                                  String size, List<GeneratedImage> images) {
        int retention = Tier.parse(request.tier()).orElse(Tier.FREE).limits().retentionDays();
        List<MediaItem> items = new ArrayList<>(images.size());
        for (int i = 0; i < images.size(); i++) {
            GeneratedImage image = images.get(i);
            String mediaId = "med_" + request.jobId().substring(4) + "x" + i;
            items.add(media.store(new StoreMedia(mediaId, request.userId(), "image", image.mime(), model.id(),
                    model.id() + ":" + version.version(), offer.provider().id(), offer.provider().name(),
                    request.prompt(), image.revisedPrompt(), size, null, request.isPublic(), retention,
                    Base64.getEncoder().encodeToString(image.bytes()))).forGeneration());
        }
        return items;
    }

    private static Stats.Routing routingStats(GenerationRequest request, List<Offer> ranked) {
        String mode = request.provider() != null ? "provider" : request.routing() == null ? "optimal" : request.routing();
        return new Stats.Routing(mode, ranked.stream()
                .map(o -> new Stats.Candidate(o.provider().id(), o.price().doubleValue(), o.features()))
                .toList());
    }

    private static ApiException failure(ProviderException last, List<Stats.Attempt> attempts) {
        if (last == null) {
            return new ApiException(ErrorCode.NO_COMPATIBLE_PROVIDER, "no provider can serve this request");
        }
        if (!last.retryable()) {
            return new ApiException(last.code(), last.getMessage(), null, Map.of("attempts", attempts));
        }
        boolean allTimedOut = attempts.stream().allMatch(a -> ErrorCode.PROVIDER_TIMEOUT.code().equals(a.code()));
        return allTimedOut
                ? new ApiException(ErrorCode.PROVIDER_TIMEOUT, "every provider attempt timed out", null, Map.of("attempts", attempts))
                : new ApiException(ErrorCode.PROVIDER_ERROR, "every provider attempt failed", null, Map.of("attempts", attempts));
    }
}
