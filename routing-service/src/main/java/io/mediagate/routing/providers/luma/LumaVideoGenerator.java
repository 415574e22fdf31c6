package io.mediagate.routing.providers.luma;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;

/**
 * Luma Dream Machine generations ({@code adapter: luma}): {@code POST /generations/video}, then
 * {@code GET /generations/{id}} until it is done ({@link LumaWire}); {@code DELETE /generations/{id}} to cancel. Luma
 * takes keyframe images only as public URLs, so its offers take text only. Offer option: {@code durations} (the clip
 * lengths, required by the catalog: {@code 5,9} for Ray 2).
 */
public class LumaVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.lumalabs.ai/dream-machine/v1";
    /** docs.lumalabs.ai, "Video generation": generations' assets are served from {@code storage.cdn-luma.com}. */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.lumalabs.ai").delivery("storage.cdn-luma.com");
    private final Upstream upstream;

    public LumaVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        if (task.image() != null || task.sourceVideo() != null) {
            throw ProviderException.failed(provider.id() + " takes inputs only as public URLs; its offers must list inputs: [text]");
        }
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        return upstream.runVideo(provider, HOSTS.at(base), task, "luma.mp4", HttpJob.<String, String>of(upstream, provider, LumaWire.ERRORS, key::sign)
                .submit(() -> upstream.postJson(base + "/generations/video", LumaWire.request(provider, task)), HttpJob.id("/id"))
                .look(id -> upstream.request(base + "/generations/" + id).GET(), generation -> LumaWire.state(provider, generation))
                .cancel(id -> upstream.request(base + "/generations/" + id).DELETE()));
    }

    @Override
    public boolean makes(String aspectRatio) {
        return Shapes.listed(aspectRatio, LumaWire.RATIOS);
    }
}
