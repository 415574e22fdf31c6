package io.mediagate.gateway.budgets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaKind;
import io.mediagate.common.media.VideoSize;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.OwnerClient;
import io.mediagate.gateway.forward.Owners;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most a request can cost: the highest price among the model's offers that could serve it (every offer that
 * is not disabled, or only the explicit provider's), at the requested size (the model's default when none is named),
 * times its units (images: {@code n}; seconds: the requested or the model's default duration, rounded up to the
 * offer's clip lengths as its provider bills it). Models are read from the catalog and kept for {@code mediagate.budgets.model-ttl}.
 * A model the catalog does not know costs nothing here: routing answers 404 for it.
 */
@ApplicationScoped
public class WorstCase {
    /** A video's length when neither the request nor the model names one. */
    private static final BigDecimal FALLBACK_SECONDS = BigDecimal.valueOf(30);
    private final OwnerClient owner;
    private final Owners owners;
    private final AsyncCache<String, JsonNode> models;

    WorstCase(OwnerClient owner, Owners owners, @ConfigProperty(name = "mediagate.budgets.model-ttl", defaultValue = "30s") Duration ttl) {
        this.owner = owner;
        this.owners = owners;
        this.models = Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(ttl).buildAsync();
    }

    public Uni<BigDecimal> of(GenerationRequest request, Caller caller) {
        return model(request.model(), caller).map(model -> price(model, request));
    }

    /** Pure: the worst case of {@code request} among {@code model}'s offers (the catalog's public model record). */
    static BigDecimal price(JsonNode model, GenerationRequest request) {
        BigDecimal worst = BigDecimal.ZERO;
        String size = size(model, request);
        for (JsonNode offer : model.path("providers")) {
            if ("disabled".equals(offer.path("status").asText())
                    || request.provider() != null && !offer.path("provider").asText().equalsIgnoreCase(request.provider())) {
                continue;
            }
            JsonNode price = offer.path("price");
            JsonNode atSize = size == null ? null : price.path("bySize").get(size);
            BigDecimal amount = (atSize != null && atSize.isNumber() ? atSize : price.path("amount")).decimalValue();
            BigDecimal units = "second".equals(price.path("unit").asText()) ? seconds(model, request, price.path("clipSeconds"))
                    : BigDecimal.valueOf(Math.max(1, request.n()));
            int inputs = request.sources() == null || request.sources().images() == null ? 0 : request.sources().images().size();
            BigDecimal perInput = price.path("perInputImage").isNumber() ? price.path("perInputImage").decimalValue() : BigDecimal.ZERO;
            worst = worst.max(amount.multiply(units).add(perInput.multiply(BigDecimal.valueOf(inputs))));
        }
        return worst;
    }

    /** The size the request is priced at, as the catalog names it (a video's {@code 720P} is {@code 720p}). */
    private static String size(JsonNode model, GenerationRequest request) {
        String size = request.size() != null ? request.size() : model.path("defaultSize").asText(null);
        return size == null || request.kind() != MediaKind.VIDEO ? size : VideoSize.parse(size).map(VideoSize::label).orElse(size);
    }

    private static BigDecimal seconds(JsonNode model, GenerationRequest request, JsonNode clipSeconds) {
        JsonNode fallback = model.path("durations").path("default");
        double asked = request.duration() != null ? request.duration()
                : fallback.isNumber() ? fallback.asDouble() : FALLBACK_SECONDS.doubleValue();
        List<Integer> clips = new ArrayList<>();
        clipSeconds.forEach(c -> clips.add(c.asInt()));
        clips.sort(null);
        return BigDecimal.valueOf(OfferSpec.secondsFor(clips, asked));
    }

    private Uni<JsonNode> model(String id, Caller caller) {
        return Uni.createFrom().completionStage(() -> models.get(id, (key, executor) ->
                owner.get(owners.catalog() + "/v1/models/" + URLEncoder.encode(key, StandardCharsets.UTF_8), caller)
                        .map(found -> found.path("result").path("model"))
                        .onFailure(this::notFound).recoverWithItem(() -> MissingNode.getInstance())
                        .subscribeAsCompletionStage()));
    }

    private boolean notFound(Throwable failure) {
        return failure instanceof ApiException api && api.code().status() == 404;
    }
}
