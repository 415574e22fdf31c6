package io.mediagate.routing.video;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.VideoSize;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.tier.Tier;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.attempts.CircuitBreakers;
import io.mediagate.routing.attempts.RoutingConfig;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.generation.Candidates;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.providers.Adapters;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first step of a video job: resolve and validate against the model (size, duration, inputs,
 * extras), rank the offers, bring the sources in safely, call providers (retries, fallback), check the
 * result is a video, and put it in the staging bucket. Returns the work for the pipeline.
 */
@ApplicationScoped
public class VideoGeneration {
    private final CatalogClient catalog;
    private final Adapters adapters;
    private final AttemptRunner runner;
    private final CircuitBreakers breakers;
    private final RoutingConfig config;
    private final VideoInputs inputs;
    private final StagingBucket staging;
    private final Instance<Ffmpeg> ffmpeg;
    private final Jobs jobs;
    private final Clock clock;
    private final Path workRoot;

    VideoGeneration(CatalogClient catalog, Adapters adapters, AttemptRunner runner, CircuitBreakers breakers,
                    RoutingConfig config, VideoInputs inputs, StagingBucket staging, Instance<Ffmpeg> ffmpeg, Jobs jobs,
                    Clock clock, @ConfigProperty(name = "mediagate.work-dir") Path workRoot) {
        this.catalog = catalog;
        this.jobs = jobs;
        this.adapters = adapters;
        this.runner = runner;
        this.breakers = breakers;
        this.config = config;
        this.inputs = inputs;
        this.staging = staging;
        this.ffmpeg = ffmpeg;
        this.clock = clock;
        this.workRoot = workRoot;
    }

    public VideoWork generate(GenerationRequest request) {
        ModelId id = ModelId.parse(request.model(), "model");
        ResolvedModel resolved = catalog.resolve(id.id());
        ModelSpec model = resolved.model();
        if (!"video".equals(model.media())) {
            throw ApiException.invalid("model", model.id() + " makes images; use POST /v1/images/generations");
        }
        VersionSpec version = model.version(id.version()).orElseThrow(() -> new ApiException(ErrorCode.MODEL_NOT_FOUND,
                "unknown version " + id.version().orElse("") + " of " + model.id(), "model"));
        RoutingMode mode = RoutingMode.of(request.routing(), request.provider());
        Parameters.Checked checked = Parameters.check(model, request.extras() == null ? Map.of() : request.extras(), mode);
        String sizeLabel = request.size() == null ? model.defaultSize() : request.size();
        VideoSize size = VideoSize.parse(sizeLabel).filter(s -> model.sizes().contains(s.label())).orElseThrow(() ->
                ApiException.invalid("size", "size " + sizeLabel + " is not offered by " + model.id() + "; use one of " + model.sizes()));
        double duration = duration(model, request.duration());
        boolean sourceVideo = request.videoId() != null || request.videoUrl() != null;
        checkInputs(model, request.imageUrl() != null, sourceVideo);
        Eligibility.Need need = new Eligibility.Need(version.version(), size.label(), request.imageUrl() != null, sourceVideo);
        List<Candidate> ranked = Candidates.rank(resolved, mode, request.provider(), need, checked,
                p -> adapters.videos(p.adapter()).isPresent(), breakers);

        Path work = workRoot.resolve(request.jobId());
        try {
            Files.createDirectories(work);
            Path image = inputs.image(request, work);
            Path source = inputs.video(request, work);
            AttemptRunner.Outcome<GeneratedVideo> outcome = runner.run(ranked, request.acceptedAt(), request.provider() != null,
                    candidate -> {
                        Map<String, Object> params = new LinkedHashMap<>(checked.features());
                        params.keySet().retainAll(candidate.features());
                        VideoTask task = new VideoTask(candidate.offer().upstreamModel(), candidate.offer().options(),
                                version.version(), request.prompt(), size.width(), size.height(), duration, image, source,
                                params, work, new JobControl(jobs, request.jobId()));
                        return checked(adapters.videos(candidate.provider().adapter()).orElseThrow().generate(candidate.provider(), task));
                    }, config.videoAttemptTimeout(), config.videoDeadline());
            long uploadStart = clock.millis();
            Candidate served = outcome.served();
            String key = StagingBucket.key(request.jobId(), "source.mp4");
            long bytes = staging.upload(key, outcome.result().file(), outcome.result().mime());
            List<String> ignored = new ArrayList<>(checked.undeclared());
            checked.features().keySet().stream().filter(f -> !served.features().contains(f)).forEach(ignored::add);
            List<Stats.Attempt> attempts = outcome.attempts();
            Stats stats = new Stats(Math.max(0, outcome.firstCall().toEpochMilli() - request.acceptedAt().toEpochMilli()),
                    clock.millis() - uploadStart, outcome.servingMs(),
                    (int) attempts.stream().filter(a -> !"skipped".equals(a.outcome())).count() - 1,
                    served.providerId(), attempts,
                    new Stats.Routing(mode.wire(), ranked.stream()
                            .map(c -> new Stats.Candidate(c.providerId(), c.price().doubleValue(), c.features())).toList()),
                    ignored);
            BigDecimal price = "second".equals(served.offer().unit())
                    ? served.price().multiply(BigDecimal.valueOf(duration)) : served.price();
            int retention = Tier.limitsOf(request.tier()).retentionDays();
            VideoWork.StagedFile staged = new VideoWork.StagedFile(key, "source.mp4", "source", "mp4", null, size.label(),
                    size.width(), size.height(), outcome.result().mime(), bytes);
            return new VideoWork(request.jobId(), request.requestId(), request.userId(), request.tier(),
                    "med_" + request.jobId().substring(4) + "x0", model.id(), model.id() + ":" + version.version(),
                    served.providerId(), served.provider().name(), request.prompt(), size.label(), size.width(),
                    size.height(), duration, request.isPublic(), retention, price.stripTrailingZeros(), stats, staged,
                    List.of(), null, null, request.acceptedAt());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(work);
        }
    }

    /** A provider's file must be a decodable video, or the attempt failed (and the next provider is tried). */
    private GeneratedVideo checked(GeneratedVideo video) {
        try {
            Probe probe = ffmpeg.get().probe(video.file(), Duration.ofSeconds(60));
            if (probe.video().isEmpty()) {
                throw ProviderException.failed("the provider's file holds no video");
            }
            return video;
        } catch (FfmpegException e) {
            throw ProviderException.failed("the provider's file is not a readable video");
        }
    }

    private static double duration(ModelSpec model, Double requested) {
        DurationSpec bounds = model.durations();
        double min = bounds == null ? 1 : bounds.min();
        double max = Math.min(30, bounds == null ? 30 : bounds.max());
        double value = requested != null ? requested : bounds == null ? 5 : bounds.defaultValue();
        if (value < min || value > max) {
            throw ApiException.invalid("duration", "duration must be between " + fmt(min) + " and " + fmt(max)
                    + " seconds for " + model.id());
        }
        return value;
    }

    private static void checkInputs(ModelSpec model, boolean image, boolean video) {
        if (image && !model.inputs().contains("image")) {
            throw ApiException.invalid("image_url", model.id() + " does not take an image input");
        }
        if (video && !model.inputs().contains("video")) {
            throw ApiException.invalid("video_url", model.id() + " does not take a video input");
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
