package io.mediagate.routing.generation.video;

import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.Stats;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.routing.adapters.Adapters;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.generation.AttemptEvents;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.generation.Planner;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.JobEvents;
import io.mediagate.routing.jobs.JobPreviews;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.retirement.RetiredOffers;
import io.mediagate.routing.support.RoutingConfig;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first step of a video job: the plan ({@link Planner}), the sources brought in safely, provider calls
 * (retries, fallback), the result checked to be a video, measured and put in the staging bucket. Returns the
 * work for the pipeline: its duration is the delivered file's, its price what the serving provider bills
 * ({@link Plan#price}).
 */
@ApplicationScoped
public class VideoGeneration {
    private final Planner planner;
    private final Adapters adapters;
    private final AttemptRunner runner;
    private final RoutingConfig config;
    private final VideoInputs inputs;
    private final StagingBucket staging;
    private final Instance<Ffmpeg> ffmpeg;
    private final Jobs jobs;
    private final Clock clock;
    private final Path workRoot;
    private final RetiredOffers retired;
    private final JobEvents events;
    private final JobPreviews previews;

    VideoGeneration(Planner planner, Adapters adapters, AttemptRunner runner, RoutingConfig config, VideoInputs inputs,
                    StagingBucket staging, Instance<Ffmpeg> ffmpeg, Jobs jobs, Clock clock,
                    @ConfigProperty(name = "mediagate.work-dir") Path workRoot, RetiredOffers retired, JobEvents events,
                    JobPreviews previews) {
        this.events = events;
        this.previews = previews;
        this.retired = retired;
        this.planner = planner;
        this.jobs = jobs;
        this.adapters = adapters;
        this.runner = runner;
        this.config = config;
        this.inputs = inputs;
        this.staging = staging;
        this.ffmpeg = ffmpeg;
        this.clock = clock;
        this.workRoot = workRoot;
    }

    public VideoWork generate(GenerationRequest asked) {
        Path work = workRoot.resolve(asked.jobId());
        try {
            Files.createDirectories(work);
            // a utility's source comes first: its shape, and an upscale's length, are the source's
            VideoInputs.Source source = asked.operation() == null ? null : inputs.video(asked, work);
            GenerationRequest request = source == null ? asked : ofSource(asked, source);
            Plan plan = planner.plan(request);
            Size size = plan.size();
            VideoInputs.Brought in = inputs.bring(request, work, source);
            AttemptRunner watched = runner.watching(new AttemptEvents(events, request.jobId()));
            AttemptRunner.Outcome<Measured> outcome = planner.attempted(plan, () -> watched.run(plan.ranked(), request.acceptedAt(), request.provider() != null,
                    retired.watching(plan.model().id(), plan.judging(candidate -> checked(adapters.videos(candidate.provider().adapter()).orElseThrow().generate(candidate.provider(),
                            new VideoTask(candidate.offer().upstreamModel(), candidate.offer().options(), plan.version().version(),
                                    request.prompt(), size.width(), size.height(), plan.duration(), in.image(), in.videoFile(),
                                    plan.params(candidate), work, new JobControl(jobs, request.jobId()), in.lastFrame(), request.operation(),
                                    in.references())),
                            plan.duration()))),
                    candidate -> plan.price(candidate, 1), config.videoAttemptTimeout(), config.videoDeadline()));
            // The first frame is taken while the file is staged: the pipeline's start waits for neither longer than both.
            Thread still = Thread.ofVirtual().start(() -> firstFrame(request.jobId(), outcome.result().video().file(), work));
            long uploadStart = clock.millis();
            Candidate served = outcome.served();
            String key = StagingBucket.key(request.jobId(), "source.mp4");
            long bytes = staging.upload(key, outcome.result().video().file(), outcome.result().video().mime());
            joined(still);
            Stats stats = outcome.result().told(plan.stats(outcome, request.acceptedAt(), clock.millis() - uploadStart), size);
            VideoWork.StagedFile staged = new VideoWork.StagedFile(key, "source.mp4", "source", "mp4", null, size.label(),
                    size.width(), size.height(), outcome.result().video().mime(), bytes);
            MadeBy made = new MadeBy(plan.model().id(), plan.modelSlug(), served.providerId(), served.provider().name(),
                    request.prompt(), null, plan.price(served, 1));
            return VideoWork.generated(request, "med_" + request.jobId().substring(4) + "x0", made, size.label(), size.width(),
                    size.height(), outcome.result().seconds(), Tier.orFree(request.tier()).limits().retentionDays(), stats, staged)
                    .withDerived(derived(request, in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(work);
        }
    }

    /**
     * {@code asked} as its job would be planned: a utility fitted to its source video (brought in and read as the job reads it,
     * neither staged nor kept), anything else as asked. What a quote plans.
     */
    public GenerationRequest planned(GenerationRequest asked) {
        if (asked.operation() == null) {
            return asked;
        }
        Path work = workRoot.resolve("quote-" + UUID.randomUUID());
        try {
            Files.createDirectories(work);
            VideoInputs.Source source = inputs.measured(asked, work);
            return source == null ? asked : ofSource(asked, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(work);
        }
    }

    /**
     * What the video was made from, null when from none of the caller's files: the ids of them all, and a source video as the
     * parent its Content Credentials name: resized from it by an upscale, edited from it by anything else (an extension, a
     * variation or restyle).
     */
    private static VideoWork.Derived derived(GenerationRequest request, VideoInputs.Brought in) {
        if (in.ids().isEmpty()) {
            return null;
        }
        VideoInputs.Source video = in.video();
        return new VideoWork.Derived(in.ids(), video == null ? null
                : new VideoWork.Parent(video.id(), video.key(), "upscale".equals(request.operation()) ? "c2pa.resized" : "c2pa.edited"));
    }

    /** Waits for {@code thread} to end (the preview still, before the provider's file goes with the scratch directory). */
    private static void joined(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while taking the first frame", e);
        }
    }

    /** The provider's file's first frame, at most 640 wide, as the job's first preview still (WebP); best effort. */
    private void firstFrame(String jobId, Path video, Path work) {
        Path still = work.resolve("first-frame.webp");
        try {
            ffmpeg.get().run(List.of("-v", "error", "-y", "-i", video.toString(), "-frames:v", "1", "-vf", "scale='min(640,iw)':-2",
                    "-c:v", "libwebp", "-quality", "75", "-f", "webp", still.toString()), Duration.ofSeconds(30));
            previews.keep(jobId, 0, Files.readAllBytes(still), "image/webp");
        } catch (FfmpegException | IOException e) {
            // no preview: the job goes on
        }
    }

    /**
     * A utility's request fitted to its source video: in the source's shape (its ratio by common name) unless it asked for one,
     * an extension at the source's resolution unless it asked for one, and an upscale as long as the source.
     */
    private static GenerationRequest ofSource(GenerationRequest request, VideoInputs.Source source) {
        Probe.Stream video = source.stream();
        boolean sized = video.width() > 0 && video.height() > 0;
        // an extension keeps its source's resolution unless one is asked
        Size resolution = "extend".equals(request.operation()) && request.size() == null && request.resolution() == null && sized
                ? Size.of(VideoSize.byShortSide(video.width(), video.height())) : null;
        String ratio = request.aspectRatio() == null && sized ? Framing.nameOf(Size.frame(video.width(), video.height())) : null;
        GenerationRequest fitted = resolution == null && ratio == null ? request : request.withShape(resolution, ratio);
        double seconds = source.seconds();
        return "upscale".equals(request.operation()) && seconds > 0 ? fitted.withDuration(Math.round(seconds * 1000) / 1000.0) : fitted;
    }

    /** A provider's video, its length in seconds as measured (to the millisecond; as asked when unreadable), and its frame. */
    private record Measured(GeneratedVideo video, double seconds, int width, int height) {
        /**
         * The stats saying, in {@code applied.aspectRatio}, the shape the provider delivered where it is not the one planned (more
         * than 2% off): the pipeline fits it into the planned frame, with bars, so a caller sees why.
         */
        Stats told(Stats stats, Size planned) {
            if (width <= 0 || height <= 0) {
                return stats;
            }
            Size delivered = Size.frame(width, height);
            boolean same = new Framing(Framing.ratioOf(planned.width(), planned.height()), null).hasRatio(delivered);
            return same ? stats : stats.withApplied("aspectRatio", Framing.nameOf(delivered));
        }
    }

    /** A provider's file must be a decodable video, or the attempt failed (and the next provider is tried). */
    private Measured checked(GeneratedVideo video, double asked) {
        try {
            Probe probe = ffmpeg.get().probe(video.file(), Duration.ofSeconds(60));
            if (probe.video().isEmpty()) {
                throw ProviderException.failed("the provider's file holds no video");
            }
            double seconds = probe.durationSeconds() > 0 ? probe.durationSeconds() : probe.video().get().durationSeconds();
            return new Measured(video, seconds > 0 ? Math.round(seconds * 1000) / 1000.0 : asked, probe.video().get().width(),
                    probe.video().get().height());
        } catch (FfmpegException e) {
            throw ProviderException.failed("the provider's file is not a readable video");
        }
    }
}
