package io.mediagate.routing.generation;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.jobs.JobControl;
import io.mediagate.routing.jobs.Jobs;
import io.mediagate.routing.providers.Adapters;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;

/**
 * Runs one image generation: the plan ({@link Planner}), provider calls (retries, fallback, circuit
 * breakers), the results kept through the staging bucket ({@link ImageResults}), price and stats.
 */
@ApplicationScoped
public class ImageGeneration {
    private final Planner planner;
    private final Adapters adapters;
    private final AttemptRunner runner;
    private final ImageResults results;
    private final Jobs jobs;
    private final Clock clock;

    ImageGeneration(Planner planner, Adapters adapters, AttemptRunner runner, ImageResults results, Jobs jobs, Clock clock) {
        this.planner = planner;
        this.adapters = adapters;
        this.runner = runner;
        this.results = results;
        this.jobs = jobs;
        this.clock = clock;
    }

    public GenerationReply run(GenerationRequest request) {
        Plan plan = planner.plan(request);
        String[] wh = plan.size().split("x");
        int width = Integer.parseInt(wh[0]);
        int height = Integer.parseInt(wh[1]);
        AttemptRunner.Outcome<List<GeneratedImage>> outcome = runner.run(plan.ranked(), request.acceptedAt(),
                request.provider() != null, candidate -> adapters.images(candidate.provider().adapter()).orElseThrow()
                        .generate(candidate.provider(), new ImageTask(candidate.offer().upstreamModel(), candidate.offer().options(),
                                plan.version().version(), request.prompt(), width, height, request.n(), plan.params(candidate),
                                new JobControl(jobs, request.jobId()))));
        long keepStart = clock.millis();
        List<MediaItem> items = results.keep(request, plan, outcome.served(), outcome.result());
        return GenerationReply.ok(request.jobId(), items, plan.price(outcome.served(), items.size()),
                plan.stats(outcome, request.acceptedAt(), clock.millis() - keepStart));
    }
}
