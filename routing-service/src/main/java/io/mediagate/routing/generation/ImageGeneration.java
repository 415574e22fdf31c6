package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.common.media.StoreMedia;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.tier.Tier;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.attempts.CircuitBreakers;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.Adapters;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one image generation: resolve model and version, validate the extras against the model, rank
 * the offers by the routing mode, call providers (retries, fallback, circuit breakers), store the
 * results through media-service, and report price and stats.
 */
@ApplicationScoped
public class ImageGeneration {
    private final CatalogClient catalog;
    private final Adapters adapters;
    private final MediaClient media;
    private final AttemptRunner runner;
    private final CircuitBreakers breakers;
    private final Jobs jobs;
    private final Clock clock;

    ImageGeneration(CatalogClient catalog, Adapters adapters, MediaClient media, AttemptRunner runner,
                    CircuitBreakers breakers, Jobs jobs, Clock clock) {
        this.catalog = catalog;
        this.jobs = jobs;
        this.adapters = adapters;
        this.media = media;
        this.runner = runner;
        this.breakers = breakers;
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
        RoutingMode mode = RoutingMode.of(request.routing(), request.provider());
        Parameters.Checked checked = Parameters.check(model, request.extras() == null ? Map.of() : request.extras(), mode);
        String size = request.size() == null ? model.defaultSize() : request.size();
        if (!model.sizes().contains(size)) {
            throw ApiException.invalid("size", "size " + size + " is not offered by " + model.id() + "; use one of " + model.sizes());
        }
        Eligibility.Need need = new Eligibility.Need(version.version(), size, request.imageUrl() != null, false);
        List<Candidate> ranked = Candidates.rank(resolved, mode, request.provider(), need, checked,
                p -> adapters.images(p.adapter()).isPresent(), breakers);

        String[] wh = size.split("x");
        AttemptRunner.Outcome<List<GeneratedImage>> outcome = call(ranked, request, version, checked, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
        long storeStart = clock.millis();
        Candidate served = outcome.served();
        List<MediaItem> items = store(request, model, version, served.provider(), size, outcome.result());
        List<String> ignored = new ArrayList<>(checked.undeclared());
        checked.features().keySet().stream().filter(f -> !served.features().contains(f)).forEach(ignored::add);
        List<Stats.Attempt> attempts = outcome.attempts();
        Stats stats = new Stats(
                Math.max(0, outcome.firstCall().toEpochMilli() - request.acceptedAt().toEpochMilli()),
                clock.millis() - storeStart,
                outcome.servingMs(),
                (int) attempts.stream().filter(a -> !"skipped".equals(a.outcome())).count() - 1,
                served.providerId(),
                attempts,
                new Stats.Routing(mode.wire(), ranked.stream()
                        .map(c -> new Stats.Candidate(c.providerId(), c.price().doubleValue(), c.features())).toList()),
                ignored);
        BigDecimal price = served.price().multiply(BigDecimal.valueOf(items.size()));
        return GenerationReply.ok(request.jobId(), items, price, stats);
    }

    private AttemptRunner.Outcome<List<GeneratedImage>> call(List<Candidate> ranked, GenerationRequest request, VersionSpec version,
                         Parameters.Checked checked, int width, int height) {
        return runner.run(ranked, request.acceptedAt(), request.provider() != null, candidate -> {
            Map<String, Object> params = new LinkedHashMap<>(checked.features());
            params.keySet().retainAll(candidate.features());
            ImageTask task = new ImageTask(candidate.offer().upstreamModel(), candidate.offer().options(), version.version(),
                    request.prompt(), width, height, request.n(), params, new JobControl(jobs, request.jobId()));
            return adapters.images(candidate.provider().adapter()).orElseThrow().generate(candidate.provider(), task);
        });
    }

    private List<MediaItem> store(GenerationRequest request, ModelSpec model, VersionSpec version, ProviderSpec provider,
                                  String size, List<GeneratedImage> images) {
        int retention = Tier.limitsOf(request.tier()).retentionDays();
        List<MediaItem> items = new ArrayList<>(images.size());
        for (int i = 0; i < images.size(); i++) {
            GeneratedImage image = images.get(i);
            String mediaId = "med_" + request.jobId().substring(4) + "x" + i;
            items.add(media.store(new StoreMedia(mediaId, request.userId(), "image", image.mime(), model.id(),
                    model.id() + ":" + version.version(), provider.id(), provider.name(),
                    request.prompt(), image.revisedPrompt(), size, null, request.isPublic(), retention,
                    Base64.getEncoder().encodeToString(image.bytes()))).forGeneration());
        }
        return items;
    }
}
