package io.mediagate.routing.providers.veo;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.gemini.GoogleErrors;

/**
 * Google Veo through the Gemini API ({@code adapter: veo}): {@code POST /models/{model}:predictLongRunning}
 * with {@code x-goog-api-key}, then {@code GET /{operation name}} until {@code done} ({@link VeoWire}); the sample's URI
 * is downloaded with the key (only ever to the API's own host). Samples filtered by Google's safety checks
 * ({@code raiMediaFilteredCount}) are moderation. The Gemini API has no cancel for these operations: a
 * cancelled job stops waiting and leaves the operation to finish. Offer option: {@code durations}
 * (the clip lengths the model makes, required by the catalog: {@code 4,6,8} for Veo 3.1).
 */
public class VeoVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.header("x-goog-api-key");
    static final String BASE = "https://generativelanguage.googleapis.com/v1beta";
    /**
     * ai.google.dev, Gemini API "Generate videos with Veo": the sample's {@code video.uri} is a {@code files/…:download}
     * URL on the API's own host, downloaded with the API key; no other host gets the key (not a sibling under googleapis.com).
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("generativelanguage.googleapis.com");
    private final Upstream upstream;

    public VeoVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        var body = VeoWire.request(task, task.image() == null ? null : SourceImage.read(task.image()).bytes());
        String uri = upstream.run(provider, task.control(), HttpJob.<String, String>of(upstream, provider, GoogleErrors.ERRORS, key::sign)
                .submit(() -> upstream.postJson(base + "/models/" + task.upstreamModel() + ":predictLongRunning", body), HttpJob.id("/name"))
                .look(name -> upstream.request(base + "/" + name).GET(), operation -> VeoWire.state(provider, operation)));
        return upstream.video(provider, HOSTS.at(base), uri, key.asHeaders(), task.workDir().resolve("veo.mp4"));
    }
}
