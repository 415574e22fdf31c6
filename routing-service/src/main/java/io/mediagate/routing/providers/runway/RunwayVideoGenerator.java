package io.mediagate.routing.providers.runway;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.time.Duration;

/**
 * Runway tasks ({@code adapter: runway}): {@code POST /v1/text_to_video}, or {@code /v1/image_to_video}
 * with the image inline as a data URI; then {@code GET /v1/tasks/{id}} no faster than Runway asks (about
 * every 5 s) until it is done ({@link RunwayWire}), and {@code DELETE /v1/tasks/{id}} to cancel. Every call carries
 * {@code X-Runway-Version}. The frame is asked for as Runway's {@code ratio} ({@link RunwayWire#ratio}). Offer
 * option: {@code durations} (the clip lengths the model makes, required by the catalog).
 */
public class RunwayVideoGenerator implements VideoGenerator {
    static final String BASE = "https://api.dev.runwayml.com";
    /** docs.dev.runwayml.com, "Outputs": a succeeded task's {@code output} URLs are on {@code dnznrvs05pmza.cloudfront.net}. */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.dev.runwayml.com").delivery("dnznrvs05pmza.cloudfront.net");
    private final Upstream upstream;
    /** Runway asks clients to poll a task no more often than about every 5 s. */
    public static final Duration POLL_FLOOR = Duration.ofSeconds(5);
    private final Duration pollFloor;

    /** @param pollFloor shortest wait between two polls of a task */
    public RunwayVideoGenerator(Upstream upstream, Duration pollFloor) {
        this.upstream = upstream;
        this.pollFloor = pollFloor;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = Auth.bearer().of(provider);
        String base = Upstream.base(provider, BASE);
        var body = RunwayWire.request(task, task.image() == null ? null : Shapes.dataUri(task.image()));
        return upstream.runVideo(provider, HOSTS.at(base), task, "runway.mp4", HttpJob.<String, String>of(upstream, provider, RunwayWire.ERRORS,
                        request -> key.sign(request).header("X-Runway-Version", RunwayWire.VERSION))
                .submit(() -> upstream.postJson(base + RunwayWire.endpoint(task), body), HttpJob.id("/id"))
                .look(id -> upstream.request(base + "/v1/tasks/" + id).GET(), t -> RunwayWire.state(provider, t))
                .cancel(id -> upstream.request(base + "/v1/tasks/" + id).DELETE())
                .atMostEvery(pollFloor));
    }

    @Override
    public boolean makes(String aspectRatio) {
        return RunwayWire.RATIOS.contains(aspectRatio);
    }
}
