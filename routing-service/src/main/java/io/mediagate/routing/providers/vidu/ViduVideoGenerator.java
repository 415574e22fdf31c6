package io.mediagate.routing.providers.vidu;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.util.List;
import java.util.Map;

/**
 * Vidu's API ({@code adapter: vidu}): {@code POST /ent/v2/text2video} or, with a first frame,
 * {@code /ent/v2/img2video} (the image as a {@code data:} URI in {@code images}), with {@code Authorization: Token
 * <key>}; then {@code GET /ent/v2/tasks/{id}/creations} until it is done ({@link ViduWire});
 * {@code POST /ent/v2/tasks/{id}/cancel} to cancel. Offer options: {@code durations} (Vidu Q1 makes 5 s only),
 * {@code ratios} (default {@code 16:9,9:16,1:1}).
 */
public class ViduVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.header("Authorization", "Token ");
    static final String BASE = "https://api.vidu.com";
    /**
     * platform.vidu.com, "Get generation": a creation's {@code url} has no documented host: it is downloaded without the
     * key from any public https host.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.vidu.com").deliveryFromAnyPublicHost();
    private final Upstream upstream;

    public ViduVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        task.requireNoSourceVideo(provider);
        String base = Upstream.base(provider, BASE);
        var body = ViduWire.request(task, task.image() == null ? null : Shapes.dataUri(task.image()),
                task.lastFrame() == null ? null : Shapes.dataUri(task.lastFrame()));
        return upstream.runVideo(provider, HOSTS.at(base), task, "vidu.mp4", HttpJob.<String, String>of(upstream, provider, ViduWire.ERRORS, key::sign)
                .submit(() -> upstream.postJson(base + ViduWire.endpoint(task), body), HttpJob.id("/task_id"))
                .look(id -> upstream.request(base + "/ent/v2/tasks/" + id + "/creations").GET(), t -> ViduWire.state(provider, t))
                .cancel(id -> upstream.postJson(base + "/ent/v2/tasks/" + id + "/cancel", Map.of("id", id))));
    }

    @Override
    public boolean makes(String aspectRatio) {
        return Shapes.listed(aspectRatio, List.of("16:9", "9:16", "1:1", "4:3", "3:4"));
    }

    /** From a start frame to an end frame ({@code /ent/v2/start-end2video}). */
    @Override
    public boolean takesLastFrame() {
        return true;
    }
}
